/**
 * Corrects a registration's fields under the form's own rules (the shared schema, loaded as the
 * applicant's form loads it, when the form is sent) and with the form's messages. As GOV.UK's
 * forms do: each invalid field says what is wrong beside it, and an error summary above names each
 * field, takes the focus and links to the field. Only the changed fields are checked and sent, on the version shown; the server checks
 * them again (422: the same keys, and a programme outside the person's access).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fieldNames,
  fieldSpec,
  isStringField,
  type FieldName,
  type RegistrationValues,
} from '../../contract/fields';
import { programmeOutsideAccess } from '../../contract/processing';
import type { FieldErrors } from '../../contract/registrationSchema';
import { fieldMessage, summaryEntry } from '../registration/fieldMessages';
import { loadRules } from '../registration/validation';
import { refusedFieldsIn, versionConflictIn } from './apiErrors';
import { ConflictNotice } from './ConflictNotice';
import { useChangeRegistrationMutation } from './consoleApi';
import { useFormatting } from './useFormatting';
import type { RegistrationViewProps } from './registrationView';

const controlId = (field: FieldName) => `correct-${field}`;
const errorId = (field: FieldName) => `correct-${field}-error`;
const hintId = (field: FieldName) => `correct-${field}-hint`;

/** The rule's key of each changed field that breaks one (a field left as it was is not judged). */
async function checkChanged(values: RegistrationValues, changed: readonly FieldName[]) {
  const all = (await loadRules())(values);
  return Object.fromEntries(
    changed.filter((field) => all[field]).map((field) => [field, all[field]]),
  ) as FieldErrors;
}

export function CorrectionForm({
  registration,
  member,
  done,
  reload,
}: RegistrationViewProps & {
  /** Closes the form: `corrected` when the correction was saved. */
  done: (corrected: boolean) => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const format = useFormatting();
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(
        fieldNames.map((name) => [name, registration[name]]),
      ) as RegistrationValues,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checks, setChecks] = useState(0);
  const [failed, setFailed] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const [change, { error, isLoading, reset }] = useChangeRegistrationMutation();
  const conflict = versionConflictIn(error);

  useEffect(() => document.getElementById(controlId(fieldNames[0]))?.focus(), []);
  // Each refused send puts the focus on the summary, which names what to fix.
  useEffect(() => {
    if (checks > 0) summary.current?.focus();
  }, [checks]);

  const message = (key: string) =>
    key === programmeOutsideAccess ? t('programme-outside-access') : fieldMessage(t, key);
  const invalid = fieldNames.filter((field) => errors[field]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setFailed(false);
    const changed = fieldNames.filter((field) => values[field] !== registration[field]);
    if (changed.length === 0) return done(false);
    let found: FieldErrors;
    try {
      found = await checkChanged(values, changed);
    } catch {
      return setFailed(true); // the rules could not be fetched (offline, say)
    }
    if (Object.keys(found).length === 0) {
      const fields = Object.fromEntries(changed.map((field) => [field, values[field]]));
      const result = await change({
        id: registration.id,
        version: registration.version,
        change: { fields },
      });
      if (!('error' in result)) return done(true);
      found = refusedFieldsIn(result.error) ?? {};
    }
    setErrors(found);
    if (Object.keys(found).length > 0) setChecks((count) => count + 1);
  }

  const set = (field: FieldName, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  // Programmes outside the person's access are not offered (the one it is in stays).
  const programmes = [...new Set([registration.degreeProgram, ...member.programmes])];

  return (
    <form onSubmit={send} noValidate aria-labelledby="correction-heading">
      <h3 id="correction-heading" className="h5">
        {t('correction-heading')}
      </h3>
      {invalid.length > 0 && (
        <div
          ref={summary}
          tabIndex={-1}
          role="region"
          aria-labelledby="correction-errors-heading"
          className="error-summary"
        >
          <h4 id="correction-errors-heading" className="h5">
            {t('form.error-summary-heading', { ns: 'translation' })}
          </h4>
          <ul className="mb-0">
            {invalid.map((field) => (
              <li key={field}>
                <a
                  href={`#${controlId(field)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(controlId(field))?.focus();
                  }}
                >
                  {summaryEntry(format.label(field), message(errors[field]!), i18n.language)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="row g-3 mb-3">
        {fieldNames.map((field) => {
          const spec = fieldSpec(field);
          const errorText = errors[field] && message(errors[field]);
          const describedBy = [spec.hasHint && hintId(field), errorText && errorId(field)]
            .filter(Boolean)
            .join(' ');
          const controlProps = {
            id: controlId(field),
            name: field,
            'aria-invalid': errorText ? true : undefined,
            'aria-describedby': describedBy || undefined,
          };
          const feedback = errorText && (
            <div id={errorId(field)} className="invalid-feedback d-block">
              {errorText}
            </div>
          );
          if (!isStringField(field)) {
            return (
              <div key={field} className="col-12">
                <div className="form-check">
                  <input
                    {...controlProps}
                    type="checkbox"
                    className={`form-check-input${errorText ? ' is-invalid' : ''}`}
                    checked={values[field]}
                    onChange={(event) => set(field, event.target.checked)}
                  />
                  <label className="form-check-label" htmlFor={controlId(field)}>
                    {format.label(field)}
                  </label>
                  {feedback}
                </div>
              </div>
            );
          }
          return (
            <div key={field} className="col-md-6">
              <label className="form-label mb-0" htmlFor={controlId(field)}>
                {format.label(field)}
              </label>
              {spec.hasHint && (
                <div id={hintId(field)} className="form-text mt-0 mb-1">
                  {format.hint(field)}
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
                      {format.programme(code)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...controlProps}
                  type={spec.inputType ?? 'text'}
                  inputMode={spec.inputMode}
                  // The applicant's data, not the person's own: the browser fills in nothing.
                  autoComplete="off"
                  className={`form-control mt-1${errorText ? ' is-invalid' : ''}`}
                  value={values[field]}
                  onChange={(event) => set(field, event.target.value)}
                />
              )}
              {feedback}
            </div>
          );
        })}
      </div>
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          me={member.subject}
          reload={() => {
            reset();
            reload();
            done(false);
          }}
        />
      )}
      {(failed || (error && !conflict && !refusedFieldsIn(error))) && (
        <p role="alert" className="text-danger">
          {t('change-failed')}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">
          {t('correction-save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => done(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
