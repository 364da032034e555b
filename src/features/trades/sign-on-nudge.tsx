import { useMemo } from 'react';
import { getSiteSignOns } from '../../api/get-site-signons';
import { recordRead, useRecordRead } from '../../components/record-read/use-record-read';
import type { SiteSwmsToSign } from '../../domain/swms-signon';
import { AlertIcon } from '../../ui/icons';
import { homeText } from './strings';

const siteSignOnsRead = recordRead<SiteSwmsToSign, { siteId: string }>((input, signal) => getSiteSignOns(input.siteId, { signal }));

/** Issue 57 §3: on the home, a site checked in at today says when one of its SWMS is not signed, or signed only in an earlier revision. */
export function SignOnNudge({ siteId }: { readonly siteId: string }) {
  const input = useMemo(() => ({ siteId }), [siteId]);
  const read = useRecordRead(siteSignOnsRead, input);
  if (read.status !== 'ready') return null;
  const unsigned = read.record.items.filter((item) => item.state !== 'current');
  if (unsigned.length === 0) return null;
  const onlyStale = unsigned.every((item) => item.state === 'stale');
  return (
    <p className="home-signon-nudge" role="status">
      <AlertIcon width={20} height={20} aria-hidden="true" />
      <span>{onlyStale && unsigned.length === 1 ? homeText.signOnStale : homeText.signOnNudge(unsigned.length)}</span>
    </p>
  );
}
