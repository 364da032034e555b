import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { InvitableRole } from '../../domain/invite';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { Field, FieldError, FieldInput, FieldLabel } from '../../ui/field';
import { refusedField } from '../../domain/refused-field';
import { AlertIcon } from '../../ui/icons';
import { revealFirstInvalid } from '../../ui/reveal-invalid';
import { discardTyping } from '../../components/leave-guard/leave-blocker';
import { LeaveGuard } from '../../components/leave-guard/leave-guard';
import { blankInviteForm, checkInviteForm, inviteFields, type InviteField, type InviteFormValues } from './invite-form-values';
import { inviteFieldLabels, inviteFormText } from './strings';
import './invite-form.css';

const inputProps: Record<InviteField, ComponentProps<'input'>> = {
  firstName: { autoComplete: 'off' },
  surname: { autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'off', placeholder: 'name@company.com.au' },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'off', placeholder: '0412345678' },
};

export interface InviteFormProps {
  readonly companyId: string;
  readonly role: InvitableRole;
  /** Card heading and lead, e.g. who is being invited. */
  readonly title: string;
  readonly description?: string;
  /** The values of an invite that failed: the form keeps what was typed. */
  readonly initial?: InviteFormValues | null;
  readonly submitLabel: string;
  readonly busy: boolean;
  /** The server's message after a failed invite: beside the field it names, else by the button. */
  readonly error?: string | null;
  /** The invite was sent and the page moves on: leaving loses nothing. */
  readonly saved?: boolean;
  readonly cancelTo?: string;
  readonly onSubmit: (invitee: InviteFormValues) => void;
}

/** Spec §5 invite form (issue 3 item 5): first name, surname, contact email and phone. */
export function InviteForm({ companyId, role, title, description, initial, submitLabel, busy, error = null, saved = false, cancelTo, onSubmit }: InviteFormProps) {
  const errorId = useId();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [opened] = useState<InviteFormValues>(initial ?? blankInviteForm);
  const [values, setValues] = useState<InviteFormValues>(opened);
  const [touched, setTouched] = useState<readonly InviteField[]>(initial ? inviteFields : []);
  const [answered, setAnswered] = useState<string | null>(null);
  const { invitee, errors } = checkInviteForm(values, { companyId, role });
  const touch = (field: InviteField) => setTouched((current) => (current.includes(field) ? current : [...current, field]));
  const refusal = error !== answered ? error : null;
  const refused = refusedField(refusal, inviteFields);
  const shownErrors: Partial<Record<InviteField, string>> = refused && refusal ? { [refused]: refusal } : {};
  for (const field of touched) if (errors[field]) shownErrors[field] = errors[field];

  const unsaved = !saved && inviteFields.some((field) => values[field] !== opened[field]);
  useEffect(() => {
    setAnswered(null);
    if (error) revealFirstInvalid(formRef.current);
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (invitee) onSubmit(invitee);
    else setTouched(inviteFields);
  };

  return (
    <form ref={formRef} className="invite-form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <LeaveGuard when={unsaved} />
      <Card>
        <CardHeader className="invite-form-header">
          <CardTitle id={titleId}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="form-grid">
          {inviteFields.map((field) => (
            <Field key={field} error={shownErrors[field]}>
              <FieldLabel>{inviteFieldLabels[field]}</FieldLabel>
              <FieldInput
                name={field}
                value={values[field]}
                required
                disabled={busy}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((current) => ({ ...current, [field]: value }));
                  touch(field);
                  if (field === refused) setAnswered(error);
                }}
                onBlur={() => touch(field)}
                {...inputProps[field]}
              />
              <FieldError />
            </Field>
          ))}
        </CardContent>
        <CardFooter className="invite-form-footer">
          {refusal && !refused ? (
            <p id={errorId} role="alert" className="invite-form-error">
              <AlertIcon width={18} height={18} />
              {refusal}
            </p>
          ) : null}
          {cancelTo ? (
            <Button asChild variant="ghost">
              <Link to={cancelTo} onClick={discardTyping}>{inviteFormText.cancel}</Link>
            </Button>
          ) : null}
          <Button type="submit" disabled={!invitee || busy} aria-busy={busy || undefined} aria-describedby={refusal && !refused ? errorId : undefined}>
            {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
