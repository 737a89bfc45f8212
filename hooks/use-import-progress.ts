import { useEffect, useState } from 'react';
import { getPortClient } from '../lib/messaging/port-client';

/**
 * How far the import running in the worker has got, as it stores each batch; undefined when no
 * import is under way (or its first batch is not stored yet).
 */
export function useImportProgress(): { stored: number; total: number } | undefined {
  const [progress, setProgress] = useState<{ stored: number; total: number }>();
  useEffect(() => {
    const client = getPortClient();
    client.connect();
    return client.onImportProgress(({ stored, total }) =>
      setProgress(stored >= total ? undefined : { stored, total }),
    );
  }, []);
  return progress;
}
