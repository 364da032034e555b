import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';
import { FileUpload } from '../../flows/file-upload/file-upload';
import { LeaveGuard } from '../../components/leave-guard/leave-guard';
import { PpeToggles } from '../../components/ppe/ppe-toggles';
import type { FileReference } from '../../domain/file';
import { Button } from '../../ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { Field, FieldError, FieldInput, FieldLabel, FieldTextarea } from '../../ui/field';
import { revealFirstInvalid } from '../../ui/reveal-invalid';
import * as editor from '../../../machines/site-editor.selectors';
import type { SiteTextField } from '../../domain/site-form';
import { siteFieldLabels, siteText } from './strings';
import { SupervisorPicker } from './supervisor-picker';
import { TimeZonePicker } from './time-zone-picker';
import type { useSiteEditor } from './use-site-editor';
import { useSupervisors } from './use-supervisors';

type EditorActor = ReturnType<typeof useSiteEditor>;

const isCompanyAdmin = session.hasRole('CompanyAdmin');

const inputProps: Partial<Record<SiteTextField, ComponentProps<'input'>>> = {
  address: { autoComplete: 'street-address' },
  suburb: { autoComplete: 'address-level2' },
  postcode: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 },
  siteNumber: { autoComplete: 'off' },
  clientName: { autoComplete: 'organization' },
};

const asPlan = (reference: FileReference | null) =>
  reference && reference.type === 'siteSafetyPlan' ? { ...reference, type: 'siteSafetyPlan' as const } : null;

export interface SiteFormViewProps {
  readonly actor: EditorActor;
  readonly companyId: string;
  readonly submitLabel: string;
}

/** The fields of spec §5's project site form; create and edit differ only in their title and button. */
export function SiteFormView({ actor, companyId, submitLabel }: SiteFormViewProps) {
  const values = useSelector(actor, editor.values);
  const errors = useSelector(actor, editor.visibleErrors);
  const saving = useSelector(actor, editor.isSaving);
  const reloading = useSelector(actor, editor.isReloading);
  const site = useSelector(actor, editor.site);
  const supervisor = useSelector(actor, editor.shownSupervisor);
  const saveError = useSelector(actor, editor.error);
  const conflict = useSelector(actor, editor.conflict);
  const isAdmin = Session.useSelector(isCompanyAdmin);
  const supervisors = useSupervisors(companyId, isAdmin);
  const [uploading, setUploading] = useState(false);
  const locked = saving || reloading;

  const textField = (field: SiteTextField, span?: 'full') => (
    <Field key={field} error={errors[field]} data-span={span}>
      <FieldLabel>{siteFieldLabels[field]}</FieldLabel>
      <FieldInput
        name={field}
        value={values[field]}
        required
        disabled={locked}
        onChange={(event) => actor.send({ type: 'field.change', field, value: event.target.value })}
        onBlur={() => actor.send({ type: 'field.blur', field })}
        {...inputProps[field]}
      />
      <FieldError />
    </Field>
  );

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const subscription = actor.on('form.refused', () => revealFirstInvalid(formRef.current));
    return () => subscription.unsubscribe();
  }, [actor]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  const current = site?.supervisor ? { id: site.supervisor, name: site.supervisorName ?? site.supervisor } : null;

  return (
    <form ref={formRef} className="site-form" noValidate onSubmit={submit} aria-busy={locked || undefined}>
      <LeaveGuard when={() => editor.hasUnsavedChanges(actor.getSnapshot())} />
      {conflict ? (
        <div className="site-alert" role="alert" data-tone="warning">
          <p>{conflict}</p>
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'site.reload' })} disabled={reloading}>
            {reloading ? <span className="button-spinner" aria-hidden="true" /> : null}
            {siteText.reload}
          </Button>
        </div>
      ) : null}
      {saveError && !conflict ? (
        <div className="site-alert" role="alert" data-tone="error">
          <p>{saveError}</p>
        </div>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{siteText.siteSection}</CardTitle>
        </CardHeader>
        <CardContent className="form-grid">
          {textField('address', 'full')}
          {textField('suburb')}
          {textField('postcode')}
          {textField('siteNumber')}
          {textField('clientName')}
          <TimeZonePicker
            value={values.timeZone}
            disabled={locked}
            error={errors.timeZone}
            onChange={(timeZone) => actor.send({ type: 'timeZone.change', timeZone })}
            onBlur={() => actor.send({ type: 'field.blur', field: 'timeZone' })}
          />
          {isAdmin ? (
            <div data-span="full">
              <SupervisorPicker
                value={supervisor}
                current={current}
                supervisors={supervisors}
                disabled={locked}
                error={errors.supervisor}
                onChange={(next) => actor.send({ type: 'supervisor.change', supervisor: next })}
                onBlur={() => actor.send({ type: 'field.blur', field: 'supervisor' })}
              />
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{siteText.safetySection}</CardTitle>
        </CardHeader>
        <CardContent className="site-form-safety">
          <PpeToggles label={siteText.ppeRequired} value={values.ppe} disabled={locked} onChange={(ppe) => actor.send({ type: 'ppe.change', ppe })} />
          {errors.ppe ? <p className="field-error">{errors.ppe}</p> : null}
          <Field error={errors.otherPpe}>
            <FieldLabel>{siteFieldLabels.otherPpe}</FieldLabel>
            <FieldTextarea
              name="otherPpe"
              value={values.otherPpe}
              rows={3}
              disabled={locked}
              onChange={(event) => actor.send({ type: 'field.change', field: 'otherPpe', value: event.target.value })}
              onBlur={() => actor.send({ type: 'field.blur', field: 'otherPpe' })}
            />
            <FieldError />
          </Field>
          <FileUpload
            type="siteSafetyPlan"
            label={siteText.siteSafetyPlan}
            hint={siteText.planHint}
            error={errors.siteSafetyPlan}
            value={values.siteSafetyPlan}
            previewUrl={site?.siteSafetyPlan && values.siteSafetyPlan?.fileKey === site.siteSafetyPlan.fileKey ? site.siteSafetyPlan.url : null}
            disabled={locked}
            onBusyChange={setUploading}
            onChange={(reference) => actor.send({ type: 'plan.change', plan: asPlan(reference) })}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={locked || uploading}>
            {saving ? <span className="button-spinner" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
