import { useCallback, useEffect, useState } from 'react';

const storageKey = (siteId: string) => `evacuation-muster:${siteId}`;

function readTicks(siteId: string): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey(siteId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The muster's tick boxes, by check-in: kept for this tab's session, so a reload during a muster keeps them. */
export function useMusterTicks(siteId: string) {
  const [ticked, setTicked] = useState(() => readTicks(siteId));

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey(siteId), JSON.stringify([...ticked]));
    } catch {
      // Storage refused (private mode, quota): the ticks still work until the page is left.
    }
  }, [siteId, ticked]);

  const toggle = useCallback((checkInId: string, on: boolean) => {
    setTicked((previous) => {
      const next = new Set(previous);
      if (on) next.add(checkInId);
      else next.delete(checkInId);
      return next;
    });
  }, []);

  return [ticked, toggle] as const;
}
