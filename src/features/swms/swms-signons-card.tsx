import { useCallback } from 'react';
import { getSwmsSignOns } from '../../api/get-swms-signons';
import { useLiveRead } from '../../components/live/use-live-read';
import { formatDateTime } from '../../domain/dates';
import type { SwmsSignOns } from '../../domain/swms-signon';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ErrorState, LoadingState } from '../../ui/status';
import { swmsSignOnsText } from './strings';

type SignOn = SwmsSignOns['items'][number];

const fullName = (person: { readonly firstName: string; readonly surname: string }) => `${person.firstName} ${person.surname}`.trim();

function Signature({ signOn }: { readonly signOn: SignOn }) {
  const name = fullName(signOn.worker);
  switch (signOn.signature.kind) {
    case 'drawn':
      return <img className="swms-signon-image" src={signOn.signature.image} alt={swmsSignOnsText.signatureOf(name)} />;
    case 'typed':
      return (
        <span className="swms-signon-typed">
          {signOn.signature.name} <span className="muted">({swmsSignOnsText.typed})</span>
        </span>
      );
    default:
      return <span className="muted">{swmsSignOnsText.authored}</span>;
  }
}

function SignOnRow({ signOn, timeZone }: { readonly signOn: SignOn; readonly timeZone: string }) {
  return (
    <li className="swms-signon" data-state={signOn.state}>
      <span className="swms-signon-name">{fullName(signOn.worker)}</span>
      <span className="swms-signon-state" data-state={signOn.state}>
        {signOn.state === 'current' ? swmsSignOnsText.current : swmsSignOnsText.stale}
      </span>
      <span className="swms-signon-when">
        {`${swmsSignOnsText.revision} ${signOn.revision} · `}
        <time dateTime={signOn.signedAt}>{formatDateTime(signOn.signedAt, timeZone)}</time>
      </span>
      <span className="swms-signon-signature">
        <Signature signOn={signOn} />
      </span>
    </li>
  );
}

/** Issue 57 §3: who has signed on to this SWMS, current revision first, kept live as workers sign on. */
export function SwmsSignOnsCard({ companyId, swmsId, timeZone }: { readonly companyId: string; readonly swmsId: string; readonly timeZone: string }) {
  const load = useCallback((signal: AbortSignal) => getSwmsSignOns(companyId, swmsId, { signal }), [companyId, swmsId]);
  const read = useLiveRead(companyId, ['signons', 'swms'], load);
  const signOns = read.status === 'ready' ? read.value : null;
  const current = signOns?.items.filter((item) => item.state === 'current').length ?? 0;
  return (
    <Card aria-labelledby="swms-signons-title" className="swms-signons-card">
      <CardHeader>
        <div>
          <CardTitle id="swms-signons-title">{swmsSignOnsText.title}</CardTitle>
          {signOns ? (
            <CardDescription aria-live="polite">{swmsSignOnsText.summary(signOns.revision, current, signOns.items.length - current)}</CardDescription>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {read.status === 'loading' ? <LoadingState /> : null}
        {read.status === 'failed' ? <ErrorState onRetry={read.retry} /> : null}
        {signOns && signOns.items.length === 0 ? <p className="muted">{swmsSignOnsText.empty}</p> : null}
        {signOns && signOns.items.length > 0 ? (
          <ul className="swms-signons" aria-label={swmsSignOnsText.listLabel} aria-busy={read.status === 'ready' && read.refreshing ? true : undefined}>
            {signOns.items.map((signOn) => (
              <SignOnRow key={`${signOn.worker._id}-${signOn.revision}`} signOn={signOn} timeZone={timeZone} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
