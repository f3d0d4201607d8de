/**
 * The applicant corrects their registration with the form's own fields, rules and messages
 * (registration/CorrectionFields.tsx, as the console's correction does). Only the changed fields
 * are checked and sent, on the version shown (If-Match); the server checks them again (422: the
 * same keys). Refused because the staff changed it meanwhile (412), it is read again and the
 * applicant looks anew; refused because its processing has moved on (409), it says so; refused
 * because the day's corrections of the registration are used up (429), it says that instead.
 * Answering the office's information request, it shows the fields asked for and sends the answer
 * (no field changed: confirmed as they are); refused because the office withdrew the request
 * meanwhile (409), it says so.
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
import { useAnswerMutation, useCorrectMutation, useRegistrationQuery } from './applicantApi';
import { requestClosedIn, statusOf } from './applicantErrors';
import { useApplicantFormatting } from './useApplicantFormatting';

export function CorrectionForm({
  registration,
  done,
  answer,
}: {
  registration: VerifiedRegistration;
  /**
   * Closes the form: saved, with the fields it changed (none for an answer confirming them as they
   * are); cancelled, with nothing.
   */
  done: (saved?: FieldName[]) => void;
  /** The office's request this answers, and the fields it asks for. */
  answer?: { requestId: number; fields: readonly FieldName[] };
}) {
  const idPrefix = answer ? 'answer' : 'correct';
  const { t } = useTranslation('applicant');
  const format = useApplicantFormatting();
  const [values, setValues] = useState(registration.fields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checks, setChecks] = useState(0);
  const [failed, setFailed] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const [correct, corrected] = useCorrectMutation();
  const [sendAnswer, answered] = useAnswerMutation();
  const { error, isLoading, reset } = answer ? answered : corrected;
  const requestClosed = requestClosedIn(error);
  const { refetch } = useRegistrationQuery();
  // The fields last sent: the correction's result names them once it is shown.
  const [sent, setSent] = useState<FieldName[]>([]);
  const closeSaved = useCallback((saved: boolean) => done(saved ? sent : undefined), [done, sent]);
  const { closing, closeWhenShown } = useClosedWhenShown(registration.version, closeSaved);
  const refusal = statusOf(error);
  const refusedWhole = refusal === 412 || refusal === 409;
  const usedUp = refusal === 429;

  const firstField = (answer?.fields ?? fieldNames)[0];
  useEffect(() => {
    // Answering, the request's message comes first: the page is read from its heading.
    if (!answer) document.getElementById(`${idPrefix}-${firstField}`)?.focus();
  }, [answer, idPrefix, firstField]);
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
    if (changed.length === 0 && !answer) return done();
    let found: FieldErrors;
    try {
      found = await checkChanged(values, changed);
    } catch {
      return setFailed(true); // the rules could not be fetched (offline, say)
    }
    if (Object.keys(found).length === 0) {
      const fields = Object.fromEntries(changed.map((field) => [field, values[field]]));
      const { version } = registration;
      setSent(changed);
      const result = answer
        ? await sendAnswer({
            version,
            requestId: answer.requestId,
            ...(changed.length > 0 && { fields }),
          })
        : await correct({ version, fields });
      if (!('error' in result)) return saved(result.data.version, changed);
      found = refusedFieldsIn(result.error) ?? {};
    }
    setErrors(found);
    if (Object.keys(found).length > 0) setChecks((count) => count + 1);
  }

  // An answer's section goes once the answer is shown (no request is open): it is closed at once.
  const saved = (version: number, fields: FieldName[]) =>
    answer ? done(fields) : closeWhenShown(version);

  /** Nothing to change: the answer confirms the registration as it is. */
  async function confirm() {
    if (!answer || isLoading || closing) return;
    const result = await sendAnswer({ version: registration.version, requestId: answer.requestId });
    if (!('error' in result)) saved(result.data.version, []);
  }

  const set = (field: FieldName, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby={`${idPrefix}-heading`}>
      <h3 id={`${idPrefix}-heading`} className="h5">
        {t(answer ? 'request-form-heading' : 'correction-heading')}
      </h3>
      <p className="text-body-secondary">
        {t(
          !answer
            ? 'correction-paragraph'
            : answer.fields.length > 0
              ? 'request-form-paragraph'
              : 'request-form-paragraph-none',
        )}
      </p>
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
        only={answer?.fields}
      />
      {refusedWhole && (
        <div ref={notice} tabIndex={-1} role="alert" className="notice notice-warning">
          <p>
            {t(
              requestClosed
                ? 'request-closed'
                : refusal === 412
                  ? 'correction-conflict'
                  : 'correction-closed',
            )}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              reset();
              void refetch();
              done();
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
        {answer?.fields.length !== 0 && (
          <button
            type="submit"
            className="btn btn-primary"
            aria-disabled={isLoading || closing || undefined}
          >
            {t(answer ? 'request-send' : 'correction-save')}
          </button>
        )}
        {answer ? (
          <button
            type="button"
            className={answer.fields.length > 0 ? 'btn btn-secondary' : 'btn btn-primary'}
            aria-disabled={isLoading || closing || undefined}
            onClick={() => void confirm()}
          >
            {t('request-nothing-to-change')}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => done()}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
