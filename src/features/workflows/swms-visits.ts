import type { AuditEvent } from '../../domain/audit';

const regions = ['companyAdmin', 'supervisor'] as const;
type Region = (typeof regions)[number];

const regionOf = (detail: unknown): Region | null => {
  const flag = typeof detail === 'object' && detail !== null ? (detail as { flag?: unknown }).flag : undefined;
  return regions.find((region) => region === flag) ?? null;
};

/**
 * Issue 9 'Show on diagram': the dual-review states one SWMS passed through, numbered in order from
 * its audit events. It starts For Review on both flags (1); each review or return moves one flag, and each new
 * revision (issue 57) both.
 */
export function swmsVisits(machineId: string, history: readonly AuditEvent[]): Map<string, number[]> {
  const visits = new Map<string, number[]>();
  const visit = (stateId: string, order: number) => visits.set(stateId, [...(visits.get(stateId) ?? []), order]);
  for (const region of regions) visit(`${machineId}.${region}.forReview`, 1);
  let order = 1;
  for (const event of history) {
    // Issue 57: a new revision puts both flags back to For Review at once.
    if (event.action === 'swms.revised') {
      order += 1;
      for (const flag of regions) visit(`${machineId}.${flag}.forReview`, order);
      continue;
    }
    const region = regionOf(event.detail);
    if (!region) continue;
    if (event.action === 'swms.reviewed') visit(`${machineId}.${region}.reviewed`, ++order);
    if (event.action === 'swms.returnedForReview') visit(`${machineId}.${region}.forReview`, ++order);
    if (event.action === 'swms.changesRequested') visit(`${machineId}.${region}.changesRequested`, ++order);
  }
  return visits;
}
