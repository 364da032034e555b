import { fieldLabels } from './messages';

/** A field's names in the server's messages: its label ('Site Safety Plan', 'ABN') and its key in words ('site safety plan'). */
function namesOf(field: string): readonly string[] {
  const spelled = field.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  const label = fieldLabels[field];
  return label ? [label, spelled] : [spelled];
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const names = (message: string, name: string) => new RegExp(`(^|\\W)${escapeRegExp(name)}($|\\W)`, 'i').test(message);

/**
 * Issue 55 §5: which of a form's fields a refused save's message is about, so the form shows it beside that
 * field. The server names a field by its label ('Company Name: must be at most 200 characters', decode.ts
 * `requestMessage'), in words ('The site safety plan must be a PDF file'), or by what it holds ('A company
 * with this ABN already exists'); the longest name found wins ('Postal Address' over 'Address'). Null when
 * the message names none of them: the form shows it by its button.
 */
export function refusedField<F extends string>(message: string | null, fields: readonly F[]): F | null {
  if (!message) return null;
  let found: { field: F; length: number } | null = null;
  for (const field of fields) {
    for (const name of namesOf(field)) {
      if (names(message, name) && name.length > (found?.length ?? 0)) found = { field, length: name.length };
    }
  }
  return found?.field ?? null;
}

/** A refused save's message as the errors of a form's fields: under its field, or none when it names no field. */
export function refusalErrors<F extends string>(message: string | null, fields: readonly F[]): Partial<Record<F, string>> {
  const field = refusedField(message, fields);
  return field && message ? ({ [field]: message } as Partial<Record<F, string>>) : {};
}
