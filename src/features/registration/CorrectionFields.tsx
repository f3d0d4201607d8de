/**
 * The form's fields as a correction shows them, for whoever corrects a registration after it was
 * sent (the staff in the console, the applicant through their own link): the same field model,
 * rules and messages as the form, an error summary above that names each invalid field, takes
 * the focus and links to the field (GOV.UK), and the message beside each field.
 */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fieldNames,
  fieldSpec,
  isStringField,
  type FieldName,
  type RegistrationValues,
} from '../../contract/fields';
import type { FieldErrors } from '../../contract/registrationSchema';
import { ProblemSummary } from '../../components/ProblemSummary';
import { summaryEntry } from './fieldMessages';
import { loadRules } from './validation';

/** The rule's key of each changed field that breaks one (a field left as it was is not judged). */
export async function checkChanged(values: RegistrationValues, changed: readonly FieldName[]) {
  const all = (await loadRules())(values);
  return Object.fromEntries(
    changed.filter((field) => all[field]).map((field) => [field, all[field]]),
  ) as FieldErrors;
}

/** The fields whose value differs from the registration's. */
export const changedFields = (values: RegistrationValues, registration: RegistrationValues) =>
  fieldNames.filter((field) => values[field] !== registration[field]);

export interface CorrectionFieldsProps {
  /** Makes the controls' ids unique on the page (`correct` → `correct-phoneNumber`). */
  idPrefix: string;
  values: RegistrationValues;
  errors: FieldErrors;
  set: (field: FieldName, value: string | boolean) => void;
  /** A field's name as its reader knows it. */
  label: (field: FieldName) => string;
  /** The checkbox's own label, when its name (the section's: "Villkor") says too little. */
  checkboxLabel?: (field: FieldName) => string;
  /** A field's hint as its reader needs it (the form's speaks to the applicant). */
  hint: (field: FieldName) => string;
  /** A rule's message key as read. */
  message: (key: string) => string;
  /** The programmes offered, by code, and each one's name. */
  programmes: readonly string[];
  programmeName: (code: string) => string;
  /** The summary's heading level under the form's heading (h3 → h4). */
  summaryHeading: 'h2' | 'h3' | 'h4';
  summaryRef: RefObject<HTMLDivElement | null>;
  /** `off` where someone else's data is corrected: the browser fills in nothing. */
  autoComplete: 'off' | 'on';
  /** Fields given the whole row, where half of it is too narrow for their value (an email). */
  wide?: readonly FieldName[];
  /** The fields shown, in the form's order (those an information request asks for); all by default. */
  only?: readonly FieldName[];
}

const ids = (prefix: string, field: FieldName) => ({
  control: `${prefix}-${field}`,
  error: `${prefix}-${field}-error`,
  hint: `${prefix}-${field}-hint`,
});

export function CorrectionFields(props: CorrectionFieldsProps) {
  const { idPrefix, errors, label, message, summaryRef, only } = props;
  const { i18n } = useTranslation();
  const shown = only ? fieldNames.filter((field) => only.includes(field)) : fieldNames;
  const invalid = shown.filter((field) => errors[field]);
  return (
    <>
      <ProblemSummary
        idPrefix={idPrefix}
        heading={props.summaryHeading}
        problems={invalid.map((field) => ({
          controlId: ids(idPrefix, field).control,
          text: summaryEntry(label(field), message(errors[field]!), i18n.language),
        }))}
        summaryRef={summaryRef}
      />
      <div className="row g-3 mb-3">
        {shown.map((field) => (
          <FieldControl key={field} field={field} {...props} />
        ))}
      </div>
    </>
  );
}

function FieldControl({
  field,
  idPrefix,
  values,
  errors,
  set,
  label,
  checkboxLabel = label,
  hint,
  message,
  programmes,
  programmeName,
  autoComplete,
  wide = [],
}: CorrectionFieldsProps & { field: FieldName }) {
  const spec = fieldSpec(field);
  const id = ids(idPrefix, field);
  const errorText = errors[field] && message(errors[field]);
  const describedBy = [spec.hasHint && id.hint, errorText && id.error].filter(Boolean).join(' ');
  const controlProps = {
    id: id.control,
    name: field,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const feedback = errorText && (
    <div id={id.error} className="invalid-feedback d-block">
      {errorText}
    </div>
  );
  if (!isStringField(field)) {
    return (
      <div className="col-12">
        <div className="form-check">
          <input
            {...controlProps}
            type="checkbox"
            className={`form-check-input${errorText ? ' is-invalid' : ''}`}
            checked={values[field]}
            onChange={(event) => set(field, event.target.checked)}
          />
          <label className="form-check-label" htmlFor={id.control}>
            {checkboxLabel(field)}
          </label>
          {feedback}
        </div>
      </div>
    );
  }
  return (
    <div className={wide.includes(field) ? 'col-12' : 'col-md-6'}>
      <label className="form-label mb-0" htmlFor={id.control}>
        {label(field)}
      </label>
      {spec.hasHint && (
        <div id={id.hint} className="form-text mt-0 mb-1">
          {hint(field)}
        </div>
      )}
      {spec.kind === 'select' ? (
        <select
          {...controlProps}
          className={`form-select mt-1${errorText ? ' is-invalid' : ''}`}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
        >
          {programmes.map((code) => (
            <option key={code} value={code}>
              {programmeName(code)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...controlProps}
          type={spec.inputType ?? 'text'}
          inputMode={spec.inputMode}
          autoComplete={autoComplete === 'on' ? spec.autoComplete : 'off'}
          className={`form-control mt-1${errorText ? ' is-invalid' : ''}`}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
      {feedback}
    </div>
  );
}
