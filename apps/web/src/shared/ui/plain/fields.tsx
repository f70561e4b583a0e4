import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './plain.css';

type FieldProps = { label: ReactNode; help?: ReactNode; error?: ReactNode; className?: string };

function Field({ id, label, help, error, required, className, children }: FieldProps & { id: string; required?: boolean; children: ReactNode }) {
  const message = error ?? help;
  return (
    <div className={['bjk-field', error ? 'bjk-field--error' : undefined, className].filter(Boolean).join(' ')}>
      <label className="bjk-field-label" htmlFor={id}>
        {label}
        {/* MUI's required mark: seen, not read (the field itself says it is required). */}
        {required && <span aria-hidden="true"> *</span>}
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

/** The input attributes of the contact fields every form asks alike: the phone's keyboard and the browser's autofill. */
export const CONTACT_INPUTS = {
  name: { autoComplete: 'name' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  mobile: { type: 'tel', autoComplete: 'tel' },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

/**
 * MUI's small outlined TextField as a native input with a visible label, help or error text (`plain.css`). A
 * react-hook-form `register(…)` spreads onto it as onto an input (its ref included).
 */
export function TextInput({ label, help, error, className, id: ownId, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = ownId ?? generated;
  return (
    <Field id={id} label={label} help={help} error={error} required={input.required} className={className}>
      <input id={id} className="bjk-input" aria-invalid={error ? true : undefined} aria-describedby={error || help ? `${id}-help` : undefined} {...input} />
    </Field>
  );
}

/** MUI's multiline TextField as a native textarea (`plain.css`), `rows` high. */
export function TextArea({ label, help, error, className, id: ownId, rows = 2, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const id = ownId ?? generated;
  return (
    <Field id={id} label={label} help={help} error={error} required={textarea.required} className={className}>
      <textarea
        id={id}
        rows={rows}
        className="bjk-input bjk-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || help ? `${id}-help` : undefined}
        {...textarea}
      />
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

/** MUI's Checkbox with its FormControlLabel: a native checkbox inside its label, a 42 px target. */
export function CheckboxField({ label, className, ...input }: { label: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={['bjk-choice', className].filter(Boolean).join(' ')}>
      <input type="checkbox" className="bjk-choice-input" {...input} />
      <span className="bjk-choice-label">{label}</span>
    </label>
  );
}

/**
 * MUI's RadioGroup in a FormControl: the group named by its visible label, the error under the choices. The choices
 * are `RadioChoice`s with one `name`.
 */
export function RadioGroup({ label, error, testId, children }: { label: ReactNode; error?: ReactNode; testId?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={['bjk-field', error ? 'bjk-field--error' : undefined].filter(Boolean).join(' ')}>
      <div className="bjk-field-label bjk-radio-label" id={`${id}-label`}>
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-help` : undefined} data-testid={testId}>
        {children}
      </div>
      {error && (
        <div className="bjk-field-help" id={`${id}-help`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** One choice of a `RadioGroup`: a native radio, a bold label and a line of detail under it. */
export function RadioChoice({ label, detail, ...input }: { label: ReactNode; detail?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="bjk-choice">
      <input type="radio" className="bjk-choice-input" {...input} />
      <span className="bjk-choice-label">
        <span className="bjk-choice-title">{label}</span>
        {detail && <span className="bjk-body2 bjk-secondary">{detail}</span>}
      </span>
    </label>
  );
}

/**
 * MUI's exclusive ToggleButtonGroup: native buttons side by side, the chosen one pressed (`aria-pressed`), the group
 * named by `label` (read, not shown, as MUI's `aria-label`). A click on the chosen one keeps it.
 */
export function ToggleChoices<V extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: V;
  choices: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="bjk-toggles">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          className="bjk-toggle"
          aria-pressed={choice.value === value}
          onClick={() => choice.value !== value && onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/** MUI's Slider as a native range input (the arrow keys move it), its label shown above it. */
export function RangeInput({
  label,
  className,
  id: ownId,
  ...input
}: { label: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const generated = useId();
  const id = ownId ?? generated;
  return (
    <Field id={id} label={label} className={className}>
      <input id={id} type="range" className="bjk-range" {...input} />
    </Field>
  );
}
