import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useId, useRef, type ComponentProps, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CompanyImage, CompanyImageReference, CompanyInput } from '../../domain/company';
import type { FileReference } from '../../domain/file';
import { Button } from '../../ui/button';
import { Card, CardContent, CardFooter } from '../../ui/card';
import { Field, FieldError, FieldInput, FieldLabel } from '../../ui/field';
import { AlertIcon } from '../../ui/icons';
import { revealFirstInvalid } from '../../ui/reveal-invalid';
import { FileUpload } from '../file-upload/file-upload';
import { discardTyping } from '../../components/leave-guard/leave-blocker';
import { LeaveGuard } from '../../components/leave-guard/leave-guard';
import { companyFields, formValuesOf, toCompanyImage, type CompanyField, type LogoChoice } from '../../domain/company-form-values';
import { canSubmit, companyFormMachine, formRefusal, isDirty, visibleErrors } from '../../../machines/company-form.machine';
import { companyFieldLabels, companyFormText } from './strings';
import './company-form.css';

const inputProps: Record<CompanyField, ComponentProps<'input'>> = {
  name: { autoComplete: 'organization' },
  abn: { inputMode: 'numeric', autoComplete: 'off', placeholder: '51 824 753 556' },
  buildersRegNumber: { autoComplete: 'off' },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', placeholder: '0298765432' },
  email: { type: 'email', autoComplete: 'email', placeholder: 'office@builder.com.au' },
  address: { autoComplete: 'street-address', placeholder: '12 George St, Sydney NSW 2000' },
  postalAddress: { autoComplete: 'off', placeholder: 'PO Box 123, Sydney NSW 2001' },
};

const wideFields: readonly CompanyField[] = ['name', 'address', 'postalAddress'];

export interface CompanyFormProps {
  /** Prefill: the company being edited, or the values of a create that failed. Prefilled fields count as touched. */
  readonly initial?: Partial<Record<CompanyField, string>> | null;
  /** The stored logo of the company being edited. */
  readonly currentLogo?: CompanyImage | null;
  readonly submitLabel: string;
  /** Saving: every control is disabled and the button shows progress. */
  readonly busy: boolean;
  /** The server's message after a failed save: beside the field it names, else above the button. */
  readonly error?: string | null;
  /** The save went through and the page moves on: leaving loses nothing. */
  readonly saved?: boolean;
  /** Where 'Cancel' goes. */
  readonly cancelTo?: string;
  readonly onSubmit: (input: CompanyInput) => void;
  /** A logo was uploaded (with its File) or removed. */
  readonly onLogoChange?: (file: File | null, reference: CompanyImageReference | null) => void;
}

function logoValue(logo: LogoChoice, currentLogo: CompanyImage | null | undefined): FileReference | null {
  if (logo.kind === 'uploaded') return logo.reference;
  if (logo.kind === 'removed' || !currentLogo) return null;
  return { friendlyName: currentLogo.friendlyName, fileKey: currentLogo.fileKey, type: currentLogo.type };
}

/** Spec §3 Company fields with the rules of spec §5: one form for create and edit (issue 3 item 2). */
export function CompanyForm({ initial, currentLogo, submitLabel, busy, error = null, saved = false, cancelTo, onSubmit, onLogoChange }: CompanyFormProps) {
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const actor = useActorRef(companyFormMachine, { input: { values: formValuesOf(initial ?? {}), prefilled: Boolean(initial) } });
  const values = useSelector(actor, (s) => s.context.values);
  const logo = useSelector(actor, (s) => s.context.logo);
  const submittable = useSelector(actor, (s) => canSubmit(s.context));
  const errors = useSelector(actor, (s) => visibleErrors(s.context));
  const refusal = useSelector(actor, (s) => formRefusal(s.context));
  const savedRef = useRef(saved);
  useEffect(() => {
    savedRef.current = saved;
  });

  useEffect(() => {
    actor.send({ type: 'form.refused', message: error });
    if (error) revealFirstInvalid(formRef.current);
  }, [actor, error]);

  const submitted = useEffectEvent((input: CompanyInput) => onSubmit(input));
  useEffect(() => {
    const subscription = actor.on('form.submitted', ({ input }) => submitted(input));
    return () => subscription.unsubscribe();
  }, [actor]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) actor.send({ type: 'form.submit' });
  };

  return (
    <form ref={formRef} className="company-form" noValidate onSubmit={submit} aria-describedby={refusal ? errorId : undefined}>
      <LeaveGuard when={() => !savedRef.current && isDirty(actor.getSnapshot().context)} />
      <Card>
        <CardContent className="form-grid">
          {companyFields.map((field) => (
            <Field key={field} error={errors[field]} data-span={wideFields.includes(field) ? 'full' : undefined}>
              <FieldLabel>{companyFieldLabels[field]}</FieldLabel>
              <FieldInput
                name={field}
                value={values[field]}
                required
                disabled={busy}
                onChange={(event) => actor.send({ type: 'field.change', field, value: event.target.value })}
                onBlur={() => actor.send({ type: 'field.blur', field })}
                {...inputProps[field]}
              />
              <FieldError />
            </Field>
          ))}
          <div data-span="full">
            <FileUpload
              type="companyProfile"
              label={companyFormText.logo}
              hint={companyFormText.logoHint}
              error={errors.image}
              value={logoValue(logo, currentLogo)}
              previewUrl={logo.kind === 'unchanged' ? currentLogo?.url ?? null : null}
              disabled={busy}
              onBusyChange={(uploading) => actor.send({ type: 'logo.uploading', uploading })}
              onChange={(reference, file) => {
                const image = reference ? toCompanyImage(reference) : null;
                actor.send({ type: 'logo.change', logo: image ? { kind: 'uploaded', reference: image } : { kind: 'removed' } });
                onLogoChange?.(file, image);
              }}
            />
          </div>
        </CardContent>
        <CardFooter className="company-form-footer">
          {refusal ? (
            <p id={errorId} role="alert" className="company-form-error">
              <AlertIcon width={18} height={18} />
              {refusal}
            </p>
          ) : null}
          {cancelTo ? (
            <Button asChild variant="ghost">
              <Link to={cancelTo} onClick={discardTyping}>{companyFormText.cancel}</Link>
            </Button>
          ) : null}
          <Button type="submit" disabled={!submittable || busy} aria-busy={busy || undefined}>
            {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
