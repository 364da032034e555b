import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { discardTyping } from '../../components/leave-guard/leave-blocker';
import { LeaveGuard } from '../../components/leave-guard/leave-guard';
import { preloadPhotoCompression } from '../../components/photo/resize-photo';
import * as Profile from '../../../machines/trades-profile.selectors';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Page, PageTitle } from '../../ui/page';
import { ErrorState, LoadingState } from '../../ui/status';
import { PhotoPicker } from './photo-picker';
import { profileFormText, tradesText } from './strings';
import { LicenceRows, TextField, type TradesProfileActor } from './trades-profile-fields';
import { useProfileReturn, useTradesProfile } from './use-trades-profile';
import './trades.css';

/** Photo uploads still running, by slot: Save waits for them (as the site form does). */
function useUploads() {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const onBusyChange = (slot: string, busy: boolean) =>
    setRunning((current) => {
      if (current.has(slot) === busy) return current;
      const next = new Set(current);
      if (busy) next.add(slot);
      else next.delete(slot);
      return next;
    });
  return { uploading: running.size > 0, onBusyChange };
}

function WhitecardPhoto({ actor, disabled, onBusyChange }: { readonly actor: TradesProfileActor; readonly disabled: boolean; readonly onBusyChange: (busy: boolean) => void }) {
  const photo = useSelector(actor, (snapshot) => Profile.values(snapshot)?.whitecardPhoto ?? null);
  const urls = useSelector(actor, Profile.photoUrls);
  const error = useSelector(actor, (snapshot) => Profile.visibleErrors(snapshot).whitecardPhoto);
  return (
    <PhotoPicker
      label={tradesText.whitecardPhoto}
      hint={profileFormText.whitecardHint}
      value={photo}
      storedUrl={photo ? (urls[photo.fileKey] ?? null) : null}
      disabled={disabled}
      error={error}
      onBusyChange={onBusyChange}
      onChange={(next) => actor.send({ type: 'form.edit', edit: { kind: 'whitecardPhoto', photo: next } })}
    />
  );
}

function ProfileForm({ actor, tradesId }: { readonly actor: TradesProfileActor; readonly tradesId: string }) {
  const saving = useSelector(actor, Profile.isSaving);
  const firstTime = useSelector(actor, Profile.isFirstTime);
  const restored = useSelector(actor, Profile.restoredDraft);
  const saveError = useSelector(actor, Profile.saveError);
  const { uploading, onBusyChange } = useUploads();
  const back = useProfileReturn(tradesId);
  const formRef = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);

  useEffect(() => {
    if (submits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    setSubmits((count) => count + 1);
  };

  return (
    <form ref={formRef} className="trades-form" noValidate onSubmit={submit} aria-busy={saving || undefined}>
      <LeaveGuard when={() => Profile.hasUnsavedChanges(actor.getSnapshot())} onLeave={() => actor.send({ type: 'draft.discard' })} />
      <p className="trades-form-lead">{firstTime ? profileFormText.firstTimeLead : profileFormText.lead}</p>
      {restored ? (
        <div className="trades-notice" role="status">
          <p>{profileFormText.draftRestored}</p>
          <Button variant="ghost" size="lg" onClick={() => actor.send({ type: 'draft.discard' })} disabled={saving}>
            {profileFormText.discardDraft}
          </Button>
        </div>
      ) : null}
      {saveError ? (
        <p className="trades-alert" role="alert">
          {saveError}
        </p>
      ) : null}

      <Card aria-labelledby="trades-form-personal">
        <CardHeader>
          <CardTitle id="trades-form-personal">{tradesText.personalDetails}</CardTitle>
        </CardHeader>
        <CardContent className="trades-form-fields">
          <TextField actor={actor} field="firstName" disabled={saving} />
          <TextField actor={actor} field="surname" disabled={saving} />
          <TextField actor={actor} field="phone" disabled={saving} />
          <TextField actor={actor} field="email" disabled={saving} />
        </CardContent>
      </Card>

      <Card aria-labelledby="trades-form-emergency">
        <CardHeader>
          <CardTitle id="trades-form-emergency">{tradesText.emergencyContact}</CardTitle>
        </CardHeader>
        <CardContent className="trades-form-fields">
          <TextField actor={actor} field="emergencyContactName" disabled={saving} />
          <TextField actor={actor} field="emergencyContactPhone" disabled={saving} />
        </CardContent>
      </Card>

      <Card aria-labelledby="trades-form-qualifications">
        <CardHeader>
          <CardTitle id="trades-form-qualifications">{tradesText.qualifications}</CardTitle>
        </CardHeader>
        <CardContent className="trades-form-fields">
          <TextField actor={actor} field="tradeQualifications" disabled={saving} />
          <TextField actor={actor} field="whitecardNumber" disabled={saving} />
          <WhitecardPhoto actor={actor} disabled={saving} onBusyChange={(busy) => onBusyChange('whitecard', busy)} />
        </CardContent>
      </Card>

      <Card aria-labelledby="trades-form-licences">
        <CardHeader>
          <CardTitle id="trades-form-licences">{tradesText.licences}</CardTitle>
          <CardDescription>{profileFormText.licencesHint}</CardDescription>
        </CardHeader>
        <CardContent>
          <LicenceRows actor={actor} disabled={saving} onBusyChange={onBusyChange} />
        </CardContent>
      </Card>

      <div className="trades-form-footer">
        <p className="field-hint">{profileFormText.draftKept}</p>
        <div className="trades-form-buttons">
          <Button type="submit" size="lg" disabled={saving || uploading} aria-busy={saving || undefined}>
            {saving ? <span className="button-spinner" aria-hidden="true" /> : null}
            {profileFormText.saveEdits}
          </Button>
          <Button asChild variant="ghost" size="lg">
            <Link to={back} onClick={discardTyping}>
              {profileFormText.cancel}
            </Link>
          </Button>
        </div>
      </div>
    </form>
  );
}

const OfflineProfile = lazy(() => import('./offline-screens').then((module) => ({ default: module.OfflineProfile })));

function TradesProfileEditor({ id }: { readonly id: string }) {
  const actor = useTradesProfile(id);
  const loading = useSelector(actor, Profile.isLoading);
  const missing = useSelector(actor, Profile.isMissing);
  const unreachable = useSelector(actor, Profile.isUnreachable);
  const firstTime = useSelector(actor, Profile.isFirstTime);
  const reload = () => actor.send({ type: 'profile.reload' });
  return (
    <Page className="trades-page">
      <PageTitle>{firstTime ? profileFormText.firstTimeTitle : profileFormText.title}</PageTitle>
      {loading ? <LoadingState /> : null}
      {/* With no signal the page says so, and reads the profile again as the signal returns. */}
      {missing && !unreachable ? <ErrorState onRetry={reload} /> : null}
      {unreachable ? (
        <Suspense fallback={null}>
          <OfflineProfile userId={id} onRetry={reload} />
        </Suspense>
      ) : null}
      {!loading && !missing ? <ProfileForm actor={actor} tradesId={id} /> : null}
    </Page>
  );
}

/** Issue 10 /trades/{id}/edit: the tradesperson's own profile, first time and later. */
export function EditTradesProfilePage() {
  const { id = '' } = useParams();
  useEffect(() => {
    preloadPhotoCompression().catch((error: unknown) => console.error(error));
  }, []);
  return <TradesProfileEditor key={id} id={id} />;
}
