import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import './plain.css';

type FieldProps = { label: ReactNode; help?: ReactNode; error?: ReactNode; className?: string };

function Field({ id, label, help, error, className, children }: FieldProps & { id: string; children: ReactNode }) {
  const message = error ?? help;
  return (
    <div className={['bjk-field', error ? 'bjk-field--error' : undefined, className].filter(Boolean).join(' ')}>
      <label className="bjk-field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {message && (
        <div className="bjk-field-help" id={`${id}-help`}>
          {message}
        </div>
      )}
    </div>
  );
}

/** MUI's small outlined TextField as a native input with a visible label, help or error text (`plain.css`). */
export function TextInput({ label, help, error, className, id: ownId, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = ownId ?? generated;
  return (
    <Field id={id} label={label} help={help} error={error} className={className}>
      <input id={id} className="bjk-input" aria-invalid={error ? true : undefined} aria-describedby={error || help ? `${id}-help` : undefined} {...input} />
    </Field>
  );
}

/** MUI's small outlined Select as a native select (`plain.css`): a phone shows its own picker. */
export function SelectInput({ label, help, error, className, id: ownId, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const id = ownId ?? generated;
  return (
    <Field id={id} label={label} help={help} error={error} className={className}>
      <select id={id} className="bjk-input" aria-invalid={error ? true : undefined} aria-describedby={error || help ? `${id}-help` : undefined} {...select}>
        {children}
      </select>
    </Field>
  );
}
