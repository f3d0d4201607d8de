/**
 * The registration's information request (issue 44): the latest one with where it stands (sent,
 * reminded, answered or answered late, overdue, withdrawn), its withdrawal while open, and the
 * form that asks the applicant (which fields, a message with a note's rules and no link, the day
 * to answer by), replacing any open request. The applicant is emailed it by the server.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationDetails } from '../../contract/consoleApiSchemas';
import type { InformationRequest } from '../../contract/informationRequests';
import { linkInMessage } from '../../contract/informationRequests';
import { fieldNames, type FieldName } from '../../contract/fields';
import { noteLength, notePattern } from '../../contract/processing';
import { useMakeRequestMutation, useWithdrawRequestMutation } from './consoleApi';
import { isConflict } from './apiErrors';
import { dayOfText } from './dayText';
import { useFormatting } from './useFormatting';

const messageRule = new RegExp(notePattern, 'u');

/** Where a request stands, as its badge names it. */
function standing(request: InformationRequest) {
  if (request.withdrawnAt) return 'withdrawn';
  if (request.answeredAt) return request.late ? 'answered-late' : 'answered';
  if (request.overdue) return 'overdue';
  return request.remindedAt ? 'reminded' : 'sent';
}

export function RequestInformation({ registration }: { registration: RegistrationDetails }) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { request } = registration;
  const open = request !== null && !request.answeredAt && !request.withdrawnAt;
  const [fields, setFields] = useState<FieldName[]>([]);
  const [message, setMessage] = useState('');
  const [deadline, setDeadline] = useState('');
  const [problem, setProblem] = useState<string>();
  const [withdrawProblem, setWithdrawProblem] = useState<string>();
  const [sent, setSent] = useState(false);
  // The form opens on demand: most registrations need no request, and it is long.
  const [asking, setAsking] = useState(false);
  const [makeRequest, making] = useMakeRequestMutation();
  const [withdrawRequest, withdrawing] = useWithdrawRequestMutation();

  function problemOf(day: string | undefined) {
    if (message.trim().length < noteLength.min) return t('request-message-required');
    if (message.length > noteLength.max || !messageRule.test(message)) {
      return t('request-message-invalid', { max: noteLength.max });
    }
    if (linkInMessage.test(message)) return t('request-message-link');
    if (!day) return t('request-deadline-invalid');
    return undefined;
  }

  // Refused with 409 when the applicant's answer came first: the page, read again, shows it.
  async function withdraw() {
    if (withdrawing.isLoading) return;
    setWithdrawProblem(undefined);
    const result = await withdrawRequest({ id: registration.id });
    if ('error' in result) {
      setWithdrawProblem(
        t(isConflict(result.error) ? 'request-withdraw-answered' : 'request-withdraw-failed'),
      );
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (making.isLoading) return;
    setSent(false);
    const day = dayOfText(deadline);
    const found = problemOf(day);
    setProblem(found);
    if (found) return;
    const result = await makeRequest({ id: registration.id, fields, message, deadline: day! });
    if ('error' in result) return setProblem(t('request-refused'));
    setFields([]);
    setMessage('');
    setDeadline('');
    setSent(true);
    setAsking(false);
  }

  return (
    <section aria-labelledby="request-heading" className="mb-4">
      <h2 id="request-heading" className="h4">
        {t('request-heading')}
      </h2>
      {request && (
        <div className="mb-3">
          <p className="mb-1">
            <span className={`badge ${request.overdue ? 'text-bg-danger' : 'text-bg-secondary'}`}>
              {t(`request-state.${standing(request)}`)}
            </span>{' '}
            {t('request-summary', {
              fields:
                request.fields.length > 0
                  ? request.fields.map(format.label).join(', ')
                  : t('request-no-fields'),
              deadline: format.date(request.deadline),
            })}
          </p>
          <p className="mb-2 note-text">{request.message}</p>
          {open && (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              aria-disabled={withdrawing.isLoading || undefined}
              onClick={() => void withdraw()}
            >
              {t('request-withdraw')}
            </button>
          )}
        </div>
      )}
      {withdrawProblem && (
        <p role="alert" className="text-danger">
          {withdrawProblem}
        </p>
      )}
      {sent && (
        <p role="status" className="mb-2">
          {t('request-sent')}
        </p>
      )}
      {!asking && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => {
            setSent(false);
            setAsking(true);
          }}
        >
          {t(open ? 'request-replace' : 'request-open-form')}
        </button>
      )}
      {asking && (
        <form onSubmit={(event) => void send(event)} noValidate>
          <fieldset className="mb-2">
            <legend className="form-label fs-6">{t('request-fields-label')}</legend>
            <div className="d-flex flex-wrap column-gap-3">
              {fieldNames.map((field) => (
                <div key={field} className="form-check">
                  <input
                    id={`request-field-${field}`}
                    type="checkbox"
                    className="form-check-input"
                    checked={fields.includes(field)}
                    onChange={(event) =>
                      setFields((current) =>
                        event.target.checked
                          ? [...current, field]
                          : current.filter((other) => other !== field),
                      )
                    }
                  />
                  <label className="form-check-label" htmlFor={`request-field-${field}`}>
                    {format.label(field)}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <label className="form-label" htmlFor="request-message">
            {t('request-message-label')}
          </label>
          <textarea
            id="request-message"
            className="form-control mb-2"
            rows={4}
            value={message}
            aria-describedby="request-message-hint"
            onChange={(event) => setMessage(event.target.value)}
          />
          <div id="request-message-hint" className="form-text mt-0 mb-2">
            {t('request-message-hint')}
          </div>
          <label className="form-label" htmlFor="request-deadline">
            {t('request-deadline-label')}
          </label>
          <input
            id="request-deadline"
            className="form-control mb-2"
            value={deadline}
            aria-describedby="request-deadline-hint"
            onChange={(event) => setDeadline(event.target.value)}
          />
          <div id="request-deadline-hint" className="form-text mt-0 mb-2">
            {t('request-deadline-hint')}
          </div>
          {problem && (
            <p role="alert" className="text-danger">
              {problem}
            </p>
          )}
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary">
              {t(open ? 'request-replace' : 'request-send')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
              {t('request-cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
