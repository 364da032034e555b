import { useSelector } from '@xstate/react';
import { useId } from 'react';
import * as SignOn from '../../../machines/swms-signon.selectors';
import { swmsSignOnMessages } from '../../domain/swms-signon';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field, FieldError, FieldHint, FieldInput, FieldLabel } from '../../ui/field';
import { AlertIcon } from '../../ui/icons';
import { SignaturePadField } from './signature-pad';
import { readAndSignText } from './strings';
import type { SwmsSignOnActor } from './use-swms-signon';

function Confirmation({ actor }: { readonly actor: SwmsSignOnActor }) {
  const ticked = useSelector(actor, SignOn.isTicked);
  const busy = useSelector(actor, SignOn.isBusy);
  const problem = useSelector(actor, (s) => SignOn.problems(s).confirm);
  const id = useId();
  return (
    <div className="signon-confirm" data-invalid={problem ? '' : undefined}>
      <Checkbox
        id={id}
        className="signon-confirm-box"
        checked={ticked}
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onCheckedChange={(checked) => actor.send({ type: 'signOn.tick', checked: checked === true })}
      />
      <label htmlFor={id} className="signon-confirm-label">
        {swmsSignOnMessages.confirmation}
      </label>
      {problem ? (
        <p id={`${id}-error`} className="field-error signon-confirm-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function Signature({ actor }: { readonly actor: SwmsSignOnActor }) {
  const mode = useSelector(actor, SignOn.mode);
  const drawn = useSelector(actor, SignOn.drawn);
  const typedName = useSelector(actor, SignOn.typedName);
  const busy = useSelector(actor, SignOn.isBusy);
  const problem = useSelector(actor, (s) => SignOn.problems(s).signature);
  const hintId = useId();
  const errorId = useId();
  return (
    <fieldset className="signon-signature" disabled={busy}>
      <legend className="signon-signature-legend">{readAndSignText.signature}</legend>
      {mode === 'drawn' ? (
        <>
          <p id={hintId} className="field-hint">
            {readAndSignText.padHint}
          </p>
          <SignaturePadField
            drawn={drawn}
            disabled={busy}
            describedBy={problem ? `${hintId} ${errorId}` : hintId}
            invalid={problem !== null}
            onDraw={(image) => actor.send({ type: 'signOn.draw', image })}
            onClear={() => actor.send({ type: 'signOn.clear' })}
          />
          {problem ? (
            <p id={errorId} className="field-error">
              {problem}
            </p>
          ) : null}
        </>
      ) : (
        <Field error={problem ?? undefined} hasHint>
          <FieldLabel>{readAndSignText.fullName}</FieldLabel>
          <FieldHint>{readAndSignText.fullNameHint}</FieldHint>
          <FieldInput
            className="signon-typed"
            autoComplete="name"
            value={typedName}
            onChange={(event) => actor.send({ type: 'signOn.typeName', name: event.target.value })}
          />
          <FieldError />
        </Field>
      )}
      <Button
        type="button"
        variant="ghost"
        size="lg"
        className="signon-mode"
        onClick={() => actor.send({ type: 'signOn.mode', mode: mode === 'drawn' ? 'typed' : 'drawn' })}
      >
        {mode === 'drawn' ? readAndSignText.typeInstead : readAndSignText.drawInstead}
      </Button>
    </fieldset>
  );
}

/** The tick, the signature and Send below the SWMS; a refused or unanswered send leaves all three as they were. */
export function SignOnForm({ actor }: { readonly actor: SwmsSignOnActor }) {
  const busy = useSelector(actor, SignOn.isBusy);
  const sendError = useSelector(actor, SignOn.sendError);
  return (
    <form
      className="signon-form"
      aria-labelledby="signon-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'signOn.send' });
      }}
    >
      <h2 id="signon-form-title" className="signon-form-title">
        {readAndSignText.signTitle}
      </h2>
      <Confirmation actor={actor} />
      <Signature actor={actor} />
      {sendError ? (
        <p className="signon-send-error" role="alert">
          <AlertIcon width={20} height={20} aria-hidden="true" />
          <span>{sendError}</span>
        </p>
      ) : null}
      <Button type="submit" size="lg" variant="accent" className="signon-send" disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
        {busy ? readAndSignText.sending : readAndSignText.send}
      </Button>
    </form>
  );
}
