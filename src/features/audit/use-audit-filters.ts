import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditFilters } from '../../api/get-audit-events';

const names = ['search', 'action', 'targetType', 'from', 'to'] as const;

/** The audit page's filters live in the address bar, so a filtered view can be shared and reloaded. */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo<AuditFilters>(() => {
    const current = new URLSearchParams(key);
    return Object.fromEntries(names.map((name) => [name, current.get(name) ?? ''])) as AuditFilters;
  }, [key]);
  const change = useCallback(
    (next: Partial<AuditFilters>) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(next)) {
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = names.some((name) => Boolean(filters[name]));
  return { filters, key, change, clear, active };
}
