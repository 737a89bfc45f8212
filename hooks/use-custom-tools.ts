import { useEffect, useState } from 'react';
import { type CustomTools, loadCustomTools, watchCustomTools } from '../lib/settings/custom-tools';

/** The declared tools and MCP servers, kept current when another page changes them. */
export function useCustomTools(): CustomTools | undefined {
  const [tools, setTools] = useState<CustomTools>();
  useEffect(() => {
    let live = true;
    const stop = watchCustomTools((next) => setTools(next));
    loadCustomTools().then(
      (loaded) => live && setTools(loaded),
      (error: unknown) => console.error('Could not read the declared tools', error),
    );
    return () => {
      live = false;
      stop();
    };
  }, []);
  return tools;
}
