import { useEffect } from 'react';
import { getPortClient } from '../lib/messaging/port-client';

/** Keeps the worker awake with heartbeats while a run of the open session is active. */
export function useKeepAlive(active: boolean) {
  useEffect(() => {
    getPortClient().setKeepAlive(active);
    return () => getPortClient().setKeepAlive(false);
  }, [active]);
}
