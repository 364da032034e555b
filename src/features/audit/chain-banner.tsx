import { useEffect, useState } from 'react';
import { getAuditVerification } from '../../api/get-audit-verification';
import type { AuditVerification } from '../../domain/audit';
import { shortHash } from '../../domain/audit-sentence';
import { formatActivity } from '../../domain/dates';
import { AlertIcon, ShieldIcon } from '../../ui/icons';
import { auditText } from './strings';

const recheckMs = 3000;
/** A walk the page's opening started is looked for this many times; a longer one is seen on the next visit. */
const rechecks = 10;

/**
 * 'Chain verified: N events, head 3f9a…c21e', from the server's latest walk of the company's chain, and how many
 * events came after it while the walk the page's opening started is under way (issue 55 §10).
 */
export function ChainBanner({ companyId }: { readonly companyId: string }) {
  const [verification, setVerification] = useState<AuditVerification | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let looks = 0;
    const load = () =>
      getAuditVerification(companyId, { signal: controller.signal })
        .then((answer) => {
          setVerification(answer);
          const walking = answer.status === 'never' || answer.eventsSince > 0;
          looks += 1;
          if (walking && looks <= rechecks) timer = setTimeout(load, recheckMs);
        })
        .catch(() => undefined);
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [companyId]);

  if (!verification) return null;
  if (verification.status === 'never') {
    return (
      <p className="chain-banner" role="status" data-status="checking">
        <span className="button-spinner" aria-hidden="true" />
        {auditText.checking}
      </p>
    );
  }
  const broken = verification.status === 'broken';
  const Icon = broken ? AlertIcon : ShieldIcon;
  return (
    <p className="chain-banner" role="status" data-status={verification.status}>
      <Icon width={18} height={18} aria-hidden="true" />
      <span>
        {broken ? auditText.broken(verification.reason ?? '') : auditText.verified(verification.events, shortHash(verification.headHash ?? ''))}
      </span>
      {verification.verifiedAt ? <span className="chain-banner-when">{auditText.verifiedAt(formatActivity(verification.verifiedAt))}</span> : null}
      {!broken && verification.eventsSince > 0 ? <span className="chain-banner-since">{auditText.eventsSince(verification.eventsSince)}</span> : null}
    </p>
  );
}
