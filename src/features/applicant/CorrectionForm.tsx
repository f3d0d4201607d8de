/**
 * The applicant corrects their registration with the form's own fields, rules and messages
 * (registration/CorrectionFields.tsx, as the console's correction does). Only the changed fields
 * are checked and sent, on the version shown (If-Match); the server checks them again (422: the
 * same keys). Refused because the staff changed it meanwhile (412), it is read again and the
 * applicant looks anew; refused because its processing has moved on (409), it says so; refused
 * because the day's corrections of the registration are used up (429), it says that instead.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedRegistration } from '../../contract/applicantApiSchemas';
import { fieldNames, registrationFields, type FieldName } from '../../contract/fields';
import type { FieldErrors } from '../../contract/registrationSchema';
import { refusedFieldsIn } from '../console/apiErrors';
import { changedFields, checkChanged, CorrectionFields } from '../registration/CorrectionFields';
import { fieldMessage } from '../registration/fieldMessages';
import { useClosedWhenShown } from '../registration/useClosedWhenShown';
import { useCorrectMutation, useRegistrationQuery } from './applicantApi';
import { statusOf } from './applicantErrors';
import { useApplicantFormatting } from './useApplicantFormatting';

const idPrefix = 'correct';

export function CorrectionForm({
  registration,
  done,
}: {
  registration: VerifiedRegistration;
  /** Closes the form, with the fields the saved correction changed (none when cancelled). */
  done: (corrected: FieldName[]) => void;
}) {
  const { t } = useTranslation('applicant');
  const format = useApplicantFormatting();
  const [values, setValues] = useState(registration.fields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checks, setChecks] = useState(0);
  const [failed, setFailed] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const [correct, { error, isLoading, reset }] = useCorrectMutation();
  const { refetch } = useRegistrationQuery();
  const [sent, setSent] = useState<FieldName[]>([]);
  const closeSaved = useCallback((saved: boolean) => done(saved ? sent : []), [done, sent]);
  const { closing, closeWhenShown } = useClosedWhenShown(registration.version, closeSaved);
  const refusal = statusOf(error);
  const refusedWhole = refusal === 412 || refusal === 409;
  const usedUp = refusal === 429;

  useEffect(() => document.getElementById(`${idPrefix}-${fieldNames[0]}`)?.focus(), []);
  // Each refused send puts the focus on the summary, which names what to fix.
  useEffect(() => {
    if (checks > 0) summary.current?.focus();
  }, [checks]);
  useEffect(() => {
    if (refusedWhole) notice.current?.focus();
  }, [refusedWhole]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading || closing) return;
    setFailed(false);
    const changed = changedFields(values, registration.fields);
    if (changed.length === 0) return done([]);
    let found: FieldErrors;
    try {
      found = await checkChanged(values, changed);
    } catch {
      return setFailed(true); // the rules could not be fetched (offline, say)
    }
    if (Object.keys(found).length === 0) {
      const fields = Object.fromEntries(changed.map((field) => [field, values[field]]));
      setSent(changed);
      const result = await correct({ version: registration.version, fields });
      if (!('error' in result)) return closeWhenShown(result.data.version);
      found = refusedFieldsIn(result.error) ?? {};
    }
    setErrors(found);
    if (Object.keys(found).length > 0) setChecks((count) => count + 1);
  }

  const set = (field: FieldName, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby="correction-heading">
      <h3 id="correction-heading" className="h5">
        {t('correction-heading')}
      </h3>
      <p className="text-body-secondary">{t('correction-paragraph')}</p>
      <CorrectionFields
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        set={set}
        label={format.label}
        checkboxLabel={format.checkboxLabel}
        hint={format.hint}
        message={(key) => fieldMessage(t, key)}
        programmes={registrationFields.degreeProgram.options}
        programmeName={format.programme}
        summaryHeading="h4"
        summaryRef={summary}
        autoComplete="on"
      />
      {refusedWhole && (
        <div ref={notice} tabIndex={-1} role="alert" className="notice notice-warning">
          <p>{t(refusal === 412 ? 'correction-conflict' : 'correction-closed')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              reset();
              void refetch();
              done([]);
            }}
          >
            {t('correction-reload')}
          </button>
        </div>
      )}
      {usedUp && (
        <p role="alert" className="text-danger">
          {t('correction-limit')}
        </p>
      )}
      {(failed || (error && !refusedWhole && !usedUp && !refusedFieldsIn(error))) && (
        <p role="alert" className="text-danger">
          {t('correction-failed')}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={isLoading || closing || undefined}
        >
          {t('correction-save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => done([])}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
