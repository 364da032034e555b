import { useEffect, useEffectEvent } from 'react';

/** The browser's idea of the connection: 'online' and 'offline', and 'online' again when the page is shown while online. */
export function useNetworkEvents(onChange: (online: boolean) => void): void {
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    const online = () => changed(true);
    const offline = () => changed(false);
    const shown = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) changed(true);
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', shown);
    };
  }, []);
}

export const isBrowserOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);
