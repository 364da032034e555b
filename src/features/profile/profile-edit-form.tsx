import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { LeaveGuard } from '../../components/leave-guard/leave-guard';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { revealFirstInvalid } from '../../ui/reveal-invalid';
import { BackLink, ErrorState, LoadingState } from '../../ui/status';
import * as editor from '../../../machines/profile-editor.selectors';
import { businessFields, personalFields, type ProfileField } from '../../domain/profile-form';
import { ProfileFieldInput } from './profile-form-fields';
import { profileText } from './strings';
import { useProfileEditor } from './use-profile-editor';
import './profile.css';

export function ProfileEditForm({ profileId, title }: { readonly profileId: string | null; readonly title: string }) {
  const actor = useProfileEditor(profileId);
  const loading = useSelector(actor, editor.isLoading);
  const missing = useSelector(actor, editor.isMissing);
  const saving = useSelector(actor, editor.isSaving);
  const values = useSelector(actor, editor.values);
  const errors = useSelector(actor, editor.visibleErrors);
  const canSave = useSelector(actor, editor.canSave);
  const withBusinessDetails = useSelector(actor, editor.showsBusinessDetails);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const subscription = actor.on('form.refused', () => revealFirstInvalid(formRef.current));
    return () => subscription.unsubscribe();
  }, [actor]);

  const fieldProps = (field: ProfileField) => ({
    field,
    value: values[field],
    error: errors[field],
    disabled: saving,
    onChange: (name: ProfileField, value: string) => actor.send({ type: 'field.change', field: name, value }),
    onBlur: (name: ProfileField) => actor.send({ type: 'field.blur', field: name }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page>
      <PageTitle>{title}</PageTitle>
      <PageToolbar>
        <BackLink to="/profile" />
      </PageToolbar>
      {loading ? <LoadingState /> : null}
      {missing ? <ErrorState /> : null}
      {!loading && !missing ? (
        <form ref={formRef} className="profile-form" noValidate onSubmit={submit}>
          <LeaveGuard when={() => editor.hasUnsavedChanges(actor.getSnapshot())} />
          <Card aria-labelledby="personal-details-title">
            <CardHeader>
              <CardTitle id="personal-details-title">{profileText.personalDetails}</CardTitle>
            </CardHeader>
            <CardContent className="form-grid">
              {personalFields.map((field) => (
                <ProfileFieldInput key={field} {...fieldProps(field)} />
              ))}
            </CardContent>
          </Card>
          {withBusinessDetails ? (
            <Card aria-labelledby="business-details-title">
              <CardHeader>
                <CardTitle id="business-details-title">{profileText.businessDetails}</CardTitle>
              </CardHeader>
              <CardContent className="form-grid">
                {businessFields.map((field) => (
                  <ProfileFieldInput key={field} {...fieldProps(field)} />
                ))}
              </CardContent>
            </Card>
          ) : null}
          <div className="profile-form-actions">
            <Button type="submit" disabled={!canSave || saving} aria-busy={saving || undefined}>
              {saving ? <span className="button-spinner" aria-hidden="true" /> : null}
              {profileText.saveEdits}
            </Button>
          </div>
        </form>
      ) : null}
    </Page>
  );
}
