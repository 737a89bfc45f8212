import { type ReactNode, useId } from 'react';
import './settings.css';

type FieldAttributes = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A labelled field; a validation error for it shows right under it. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (attributes: FieldAttributes) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const attributes: FieldAttributes = error
    ? { id, 'aria-invalid': true, 'aria-describedby': errorId }
    : { id };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(attributes)}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}
