import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { siteCheckInMachine } from '../../../machines/site-check-in.machine';
import * as Gate from '../../../machines/site-check-in.selectors';
import { useBuilderReady } from '../../components/new-swms/use-builder-ready';
import { PpeList } from '../../components/ppe/ppe-list';
import { formatDateTime } from '../../domain/dates';
import type { SiteStatus } from '../../domain/site-status';
import type { VisitSite } from '../../domain/site-visit';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { newSwmsPath } from '../../domain/swms-draft';
import { siteSignOnPath } from '../../domain/swms-signon';
import { SignInPanel } from './sign-in-panel';
import { checkInText } from './strings';

type CheckInActor = ActorRefFrom<typeof siteCheckInMachine>;

interface ScreenProps {
  readonly actor: CheckInActor;
}

export function InvalidKeyScreen() {
  return (
    <section className="gate-panel" data-tone="danger" role="alert">
      <AlertIcon className="gate-panel-icon" width={40} height={40} />
      <h1 className="gate-panel-title">{checkInText.invalidKey}</h1>
      <p>{checkInText.invalidKeyHelp}</p>
    </section>
  );
}

/** Issue 55 §8: a completed or cancelled site says so before anything to sign in to or tick (drawn by the portal too, check-in-drawn.tsx). */
export function SiteClosedScreen({ status }: { readonly status: SiteStatus }) {
  return (
    <section className="gate-panel" data-tone="danger" role="alert">
      <AlertIcon className="gate-panel-icon" width={40} height={40} />
      <h2 className="gate-panel-title">{checkInText.siteClosed}</h2>
      <p>{checkInText.siteClosedLead(status)}</p>
    </section>
  );
}

/** Issue 55 §8: an on-hold site says so above anything to tick (drawn by the portal too, check-in-drawn.tsx). */
export function OnHoldNotice() {
  return (
    <p className="gate-notice" role="status">
      <AlertIcon width={20} height={20} aria-hidden="true" />
      {checkInText.siteOnHold}
    </p>
  );
}

export function SignedOutScreen({ actor }: ScreenProps) {
  const busy = useSelector(actor, Gate.isBusy);
  return <SignInPanel busy={busy} onSignIn={(provider) => actor.send({ type: 'visit.signIn', provider })} />;
}

export function NotTradespersonScreen({ homePath }: { readonly homePath: string }) {
  return (
    <section className="gate-panel" role="alert">
      <h2 className="gate-panel-title">{checkInText.notTradesperson}</h2>
      <p>{checkInText.notTradespersonLead}</p>
      <div className="gate-actions">
        <Button asChild size="lg">
          <Link to={homePath}>{checkInText.goHome}</Link>
        </Button>
      </div>
    </section>
  );
}

export function ProfileIncompleteScreen({ profilePath }: { readonly profilePath: string }) {
  return (
    <section className="gate-panel">
      <h2 className="gate-panel-title">{checkInText.profileIncomplete}</h2>
      <p>{checkInText.profileIncompleteLead}</p>
      <div className="gate-actions">
        <Button asChild size="lg" variant="accent">
          <Link to={profilePath}>{checkInText.completeProfile}</Link>
        </Button>
      </div>
    </section>
  );
}

export function BlockedScreen({ actor, profilePath }: ScreenProps & { readonly profilePath: string }) {
  const problems = useSelector(actor, Gate.problemFixes);
  return (
    <section className="gate-panel" data-tone="danger" role="alert">
      <h2 className="gate-panel-title">{checkInText.blockedTitle}</h2>
      {problems.some(({ inProfile }) => inProfile) ? <p>{checkInText.blockedLead}</p> : null}
      <ul className="gate-problems">
        {problems.map(({ problem, inProfile }) => (
          <li key={problem} className="gate-problem">
            <p className="gate-problem-text">
              <AlertIcon width={20} height={20} />
              {problem}
            </p>
            {inProfile ? (
              <Button asChild size="lg" variant="secondary">
                <Link to={profilePath}>{checkInText.fixInProfile}</Link>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="gate-actions">
        <Button size="lg" variant="ghost" onClick={() => actor.send({ type: 'visit.reload' })}>
          {checkInText.checkAgain}
        </Button>
      </div>
    </section>
  );
}

function Confirmation({ checked, label, disabled, onChange }: { readonly checked: boolean; readonly label: string; readonly disabled: boolean; readonly onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="gate-confirm" data-checked={checked ? '' : undefined}>
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(value) => onChange(value === true)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function ReadyScreen({ actor, site }: ScreenProps & { readonly site: VisitSite }) {
  const busy = useSelector(actor, Gate.isBusy);
  const needsPpe = useSelector(actor, Gate.needsPpe);
  const needsSafetyPlan = useSelector(actor, Gate.needsSafetyPlan);
  const safetyPlanUrl = useSelector(actor, Gate.safetyPlanUrl);
  const ppeConfirmed = useSelector(actor, Gate.ppeConfirmed);
  const acknowledged = useSelector(actor, Gate.safetyPlanAcknowledged);
  const canCheckIn = useSelector(actor, Gate.canCheckIn);
  const boxes = useSelector(actor, Gate.boxesToTick);
  return (
    <>
      <section className="gate-panel" aria-labelledby="gate-ppe-title">
        <h2 id="gate-ppe-title" className="gate-panel-title">
          {checkInText.ppeTitle}
        </h2>
        <PpeList ppe={site.ppe} emptyText={checkInText.noPpe} label={checkInText.ppeTitle} />
        {site.otherPpe.trim() ? (
          <p className="gate-other-ppe">
            <strong>{checkInText.otherPpe}:</strong> {site.otherPpe}
          </p>
        ) : null}
        {needsPpe ? (
          <Confirmation checked={ppeConfirmed} label={checkInText.confirmPpe} disabled={busy} onChange={(confirmed) => actor.send({ type: 'ppe.confirm', confirmed })} />
        ) : null}
      </section>
      {needsSafetyPlan ? (
        <section className="gate-panel" aria-labelledby="gate-plan-title">
          <h2 id="gate-plan-title" className="gate-panel-title">
            {checkInText.safetyPlanTitle}
          </h2>
          {safetyPlanUrl ? (
            <Button asChild size="lg" variant="secondary">
              <a href={safetyPlanUrl} target="_blank" rel="noreferrer">
                {checkInText.readSafetyPlan}
              </a>
            </Button>
          ) : null}
          <Confirmation
            checked={acknowledged}
            label={checkInText.acknowledgeSafetyPlan}
            disabled={busy}
            onChange={(value) => actor.send({ type: 'safetyPlan.acknowledge', acknowledged: value })}
          />
        </section>
      ) : null}
      <div className="gate-submit">
        <Button size="lg" variant="accent" className="gate-primary" disabled={!canCheckIn || busy} aria-busy={busy || undefined} aria-describedby={canCheckIn ? undefined : 'gate-check-in-hint'} onClick={() => actor.send({ type: 'visit.checkIn' })}>
          {busy ? <span className="button-spinner" aria-hidden="true" /> : <CheckIcon />}
          {checkInText.checkIn}
        </Button>
        {!canCheckIn && !busy ? (
          <p id="gate-check-in-hint" className="field-hint">
            {checkInText.checkInHint(boxes)}
          </p>
        ) : null}
      </div>
    </>
  );
}

function NewSwmsLink({ siteId, variant = 'accent' }: { readonly siteId: string; readonly variant?: 'accent' | 'secondary' }) {
  useBuilderReady(siteId);
  return (
    <div className="gate-swms">
      <p>{checkInText.swmsLead}</p>
      <Button asChild size="lg" variant={variant} className="gate-primary">
        <Link to={newSwmsPath(siteId)}>{checkInText.newSwms}</Link>
      </Button>
    </div>
  );
}

/** Issue 57 §3: straight after check-in, the site's SWMS to read and sign before starting. */
function SignOnLink({ siteId }: { readonly siteId: string }) {
  return (
    <div className="gate-swms">
      <p>{checkInText.signOnLead}</p>
      <Button asChild size="lg" variant="accent" className="gate-primary">
        <Link to={siteSignOnPath(siteId)}>{checkInText.siteSwms}</Link>
      </Button>
    </div>
  );
}

export function CheckedInScreen({ actor, siteId }: ScreenProps & { readonly siteId: string }) {
  const checkIn = useSelector(actor, Gate.checkIn);
  const timeZone = useSelector(actor, Gate.site)?.timeZone;
  const busy = useSelector(actor, Gate.isBusy);
  return (
    <>
      <section className="gate-panel" data-tone="success" role="status">
        <CheckIcon className="gate-panel-icon" width={40} height={40} />
        <h2 className="gate-panel-title">{checkInText.checkedIn}</h2>
        {checkIn ? <p>{checkInText.checkedInSince(formatDateTime(checkIn.checkedInAt, timeZone))}</p> : null}
      </section>
      <SignOnLink siteId={siteId} />
      <NewSwmsLink siteId={siteId} variant="secondary" />
      <div className="gate-actions">
        <Button size="lg" variant="secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'visit.checkOut' })}>
          {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
          {checkInText.checkOut}
        </Button>
      </div>
    </>
  );
}

export function CheckedOutScreen({ actor, siteId }: ScreenProps & { readonly siteId: string }) {
  const ended = useSelector(actor, Gate.checkedOut);
  const timeZone = useSelector(actor, Gate.site)?.timeZone;
  const maySubmitSwms = useSelector(actor, Gate.maySubmitSwms);
  return (
    <>
      <section className="gate-panel" role="status">
        <h2 className="gate-panel-title">{checkInText.checkedOut}</h2>
        {ended ? <p>{checkInText.checkedOutTimes(formatDateTime(ended.checkedInAt, timeZone), formatDateTime(ended.checkedOutAt, timeZone))}</p> : null}
      </section>
      {maySubmitSwms ? <NewSwmsLink siteId={siteId} /> : null}
      <div className="gate-actions">
        <Button size="lg" variant="secondary" onClick={() => actor.send({ type: 'visit.reload' })}>
          {checkInText.checkInAgain}
        </Button>
      </div>
    </>
  );
}

export function FailedScreen({ actor }: ScreenProps) {
  const error = useSelector(actor, Gate.error);
  return (
    <section className="gate-panel" data-tone="danger" role="alert">
      <AlertIcon className="gate-panel-icon" width={40} height={40} />
      <h2 className="gate-panel-title">{checkInText.failedTitle}</h2>
      {error ? <p className="gate-error">{error}</p> : null}
      <p>{checkInText.failedLead}</p>
      <div className="gate-actions">
        <Button size="lg" onClick={() => actor.send({ type: 'visit.retry' })}>
          {checkInText.retry}
        </Button>
      </div>
    </section>
  );
}
