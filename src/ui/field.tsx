import * as LabelPrimitive from '@radix-ui/react-label';
import { createContext, useContext, useId, type ComponentProps } from 'react';
import { cx } from './cx';

interface FieldContextValue {
  readonly controlId: string;
  readonly messageId: string;
  readonly hintId: string;
  readonly error: string | undefined;
  readonly hasHint: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

function useField(): FieldContextValue {
  const context = useContext(FieldContext);
  if (!context) throw new Error('Field parts must be rendered inside <Field>');
  return context;
}

export interface FieldProps extends ComponentProps<'div'> {
  readonly error?: string | undefined;
  readonly hasHint?: boolean;
}

export function Field({ className, error, hasHint = false, ...props }: FieldProps) {
  const id = useId();
  const value: FieldContextValue = {
    controlId: `${id}-control`,
    messageId: `${id}-message`,
    hintId: `${id}-hint`,
    error: error || undefined,
    hasHint,
  };
  return (
    <FieldContext.Provider value={value}>
      <div data-slot="field" data-invalid={value.error ? '' : undefined} className={cx('field', className)} {...props} />
    </FieldContext.Provider>
  );
}

export function FieldLabel({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  const { controlId } = useField();
  return <LabelPrimitive.Root data-slot="field-label" htmlFor={controlId} className={cx('field-label', className)} {...props} />;
}

function describedBy({ error, hasHint, messageId, hintId }: FieldContextValue): string | undefined {
  const ids = [hasHint ? hintId : null, error ? messageId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldInput({ className, ...props }: ComponentProps<'input'>) {
  const field = useField();
  return (
    <input
      data-slot="field-input"
      id={field.controlId}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={describedBy(field)}
      className={cx('input', className)}
      {...props}
    />
  );
}

export function FieldTextarea({ className, ...props }: ComponentProps<'textarea'>) {
  const field = useField();
  return (
    <textarea
      data-slot="field-textarea"
      id={field.controlId}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={describedBy(field)}
      className={cx('input', 'textarea', className)}
      {...props}
    />
  );
}

export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  const { hintId } = useField();
  return <p data-slot="field-hint" id={hintId} className={cx('field-hint', className)} {...props} />;
}

export function FieldError({ className, ...props }: Omit<ComponentProps<'p'>, 'children'>) {
  const { error, messageId } = useField();
  if (!error) return null;
  return (
    <p data-slot="field-error" id={messageId} className={cx('field-error', className)} {...props}>
      {error}
    </p>
  );
}
