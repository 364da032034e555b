import { useSelector } from '@xstate/react';
import type { ComponentProps } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tradesProfileMachine } from '../../../machines/trades-profile.machine';
import * as Profile from '../../../machines/trades-profile.selectors';
import { calendarDateIn, licenceClassSuggestions } from '../../domain/trades';
import { licenceFieldId, type LicenceField, type LicenceRow, type TradesTextField } from '../../domain/trades-profile-form';
import { Button } from '../../ui/button';
import { Field, FieldError, FieldHint, FieldInput, FieldLabel } from '../../ui/field';
import { PhotoPicker } from './photo-picker';
import { licenceFieldLabels, profileFormText, tradesFieldLabels } from './strings';

export type TradesProfileActor = ActorRefFrom<typeof tradesProfileMachine>;

const inputProps: Record<TradesTextField, ComponentProps<'input'>> = {
  firstName: { autoComplete: 'given-name' },
  surname: { autoComplete: 'family-name' },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  emergencyContactName: { autoComplete: 'off' },
  emergencyContactPhone: { type: 'tel', inputMode: 'numeric', autoComplete: 'off' },
  tradeQualifications: { autoComplete: 'off' },
  whitecardNumber: { autoComplete: 'off', autoCapitalize: 'characters' },
};

export function TextField({ actor, field, disabled }: { readonly actor: TradesProfileActor; readonly field: TradesTextField; readonly disabled: boolean }) {
  const value = useSelector(actor, (snapshot) => Profile.values(snapshot)?.[field] ?? '');
  const error = useSelector(actor, (snapshot) => Profile.visibleErrors(snapshot)[field]);
  return (
    <Field error={error}>
      <FieldLabel>{tradesFieldLabels[field]}</FieldLabel>
      <FieldInput
        {...inputProps[field]}
        name={field}
        value={value}
        disabled={disabled}
        onChange={(event) => actor.send({ type: 'form.edit', edit: { kind: 'field', field, value: event.target.value } })}
        onBlur={() => actor.send({ type: 'form.blur', field })}
      />
      <FieldError />
    </Field>
  );
}

const licenceInputProps: Record<LicenceField, ComponentProps<'input'>> = {
  licenceClass: { list: 'licence-class-suggestions', autoComplete: 'off' },
  number: { autoComplete: 'off', autoCapitalize: 'characters' },
  expiresOn: { type: 'date' },
};

function LicenceInput({ actor, row, field, disabled }: { readonly actor: TradesProfileActor; readonly row: LicenceRow; readonly field: LicenceField; readonly disabled: boolean }) {
  const id = licenceFieldId(row.key, field);
  const error = useSelector(actor, (snapshot) => Profile.visibleErrors(snapshot)[id]);
  const expired = useSelector(actor, (snapshot) => field === 'expiresOn' && Profile.expiredLicenceKeys(snapshot, viewerToday()).includes(row.key));
  return (
    <Field error={error} hasHint={field === 'licenceClass'}>
      <FieldLabel>{licenceFieldLabels[field]}</FieldLabel>
      {field === 'licenceClass' ? <FieldHint>{profileFormText.licenceClassHint}</FieldHint> : null}
      <FieldInput
        {...licenceInputProps[field]}
        name={id}
        value={row[field]}
        disabled={disabled}
        onChange={(event) => actor.send({ type: 'form.edit', edit: { kind: 'licence.field', key: row.key, field, value: event.target.value } })}
        onBlur={() => actor.send({ type: 'form.blur', field: id })}
      />
      <FieldError />
      {expired && !error ? (
        <p className="field-warning" role="status">
          {profileFormText.licenceExpired}
        </p>
      ) : null}
    </Field>
  );
}

/** Today's date where the viewer is, yyyy-mm-dd. */
const viewerToday = () => calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

interface LicenceRowsProps {
  readonly actor: TradesProfileActor;
  readonly disabled: boolean;
  readonly onBusyChange: (slot: string, busy: boolean) => void;
}

export function LicenceRows({ actor, disabled, onBusyChange }: LicenceRowsProps) {
  const rows = useSelector(actor, (snapshot) => Profile.values(snapshot)?.licences ?? []);
  const canAdd = useSelector(actor, Profile.canAddLicence);
  const listError = useSelector(actor, (snapshot) => Profile.visibleErrors(snapshot).licences);
  const photoErrors = useSelector(actor, Profile.visibleErrors);
  const urls = useSelector(actor, Profile.photoUrls);
  return (
    <div className="licence-rows">
      <datalist id="licence-class-suggestions">
        {licenceClassSuggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      {rows.map((row, index) => (
        <fieldset key={row.key} className="licence-row">
          <legend className="licence-row-title">{profileFormText.licenceHeading(index + 1)}</legend>
          <LicenceInput actor={actor} row={row} field="licenceClass" disabled={disabled} />
          <div className="licence-row-pair">
            <LicenceInput actor={actor} row={row} field="number" disabled={disabled} />
            <LicenceInput actor={actor} row={row} field="expiresOn" disabled={disabled} />
          </div>
          <PhotoPicker
            label={profileFormText.licencePhoto}
            value={row.photo}
            storedUrl={row.photo ? (urls[row.photo.fileKey] ?? null) : null}
            disabled={disabled}
            error={photoErrors[licenceFieldId(row.key, 'photo')]}
            onBusyChange={(busy) => onBusyChange(row.key, busy)}
            onChange={(photo) => actor.send({ type: 'form.edit', edit: { kind: 'licence.photo', key: row.key, photo } })}
          />
          <Button
            variant="ghost"
            size="lg"
            className="licence-row-remove"
            disabled={disabled}
            aria-label={profileFormText.removeLicenceLabel(index + 1)}
            onClick={() => {
              onBusyChange(row.key, false);
              actor.send({ type: 'form.edit', edit: { kind: 'licence.remove', key: row.key } });
            }}
          >
            {profileFormText.removeLicence}
          </Button>
        </fieldset>
      ))}
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <Button variant="secondary" size="lg" className="licence-add" disabled={disabled || !canAdd} onClick={() => actor.send({ type: 'form.edit', edit: { kind: 'licence.add' } })}>
        {profileFormText.addLicence}
      </Button>
    </div>
  );
}
