import { useEffect, useState } from 'react';
import type { Settings } from '../lib/settings/schema';
import { loadSettings, watchSettings } from '../lib/settings/store';

/** The stored settings, kept current when another page saves them; undefined while loading. */
export function useSettings(): Settings | undefined {
  const [settings, setSettings] = useState<Settings>();
  useEffect(() => {
    let live = true;
    const stop = watchSettings((next) => setSettings(next));
    loadSettings().then(
      (loaded) => live && setSettings(loaded),
      (error: unknown) => console.error('Could not read the settings', error),
    );
    return () => {
      live = false;
      stop();
    };
  }, []);
  return settings;
}
