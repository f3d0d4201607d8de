/**
 * The one field of a form of one field (the birthday, the email address) as GOV.UK has it: its
 * visible label, hint and message; the form puts a ProblemSummary above it.
 */
import type { InputHTMLAttributes } from 'react';

export function OneField({
  id,
  label,
  hint,
  problem,
  value,
  onChange,
  className,
  ...inputProps
}: {
  id: string;
  label: string;
  hint: string;
  problem: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Its width at larger sizes (Bootstrap's columns). */
  className: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'inputMode' | 'autoComplete'>) {
  return (
    <div className={`mb-3 px-0 ${className}`}>
      <label className="form-label mb-0" htmlFor={id}>
        {label}
      </label>
      <div id={`${id}-hint`} className="form-text mt-0 mb-1">
        {hint}
      </div>
      <input
        {...inputProps}
        id={id}
        spellCheck={false}
        className={`form-control${problem ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {problem}
        </div>
      )}
    </div>
  );
}
