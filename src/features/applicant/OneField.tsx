/**
 * A form of one field (the birthday, the email address) as GOV.UK has it: an error summary that
 * links to the field (the form moves the focus to it), and the field with its visible label, hint
 * and message.
 */
import type { InputHTMLAttributes, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export function ProblemSummary({
  fieldId,
  problem,
  summaryRef,
}: {
  fieldId: string;
  problem: string;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const headingId = `${fieldId}-errors-heading`;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      className="error-summary"
    >
      <h3 id={headingId} className="h5">
        {t('form.error-summary-heading')}
      </h3>
      <ul className="mb-0">
        <li>
          <a
            href={`#${fieldId}`}
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(fieldId)?.focus();
            }}
          >
            {problem}
          </a>
        </li>
      </ul>
    </div>
  );
}

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
