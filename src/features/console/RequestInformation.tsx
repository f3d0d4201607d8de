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
import { useMakeRequestMutation, useWithdrawRequestMutation } from './consoleApi';
import { isConflict } from './apiErrors';
import {
  emptyQuestion,
  focusProblem,
  readQuestion,
  RequestQuestionFields,
  type QuestionProblem,
} from './RequestQuestion';
import { useFormatting } from './useFormatting';

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
  const [question, setQuestion] = useState(emptyQuestion);
  const [problem, setProblem] = useState<QuestionProblem>();
  const [refused, setRefused] = useState(false);
  const [withdrawProblem, setWithdrawProblem] = useState<string>();
  const [sent, setSent] = useState(false);
  // The form opens on demand: most registrations need no request, and it is long.
  const [asking, setAsking] = useState(false);
  const [makeRequest, making] = useMakeRequestMutation();
  const [withdrawRequest, withdrawing] = useWithdrawRequestMutation();

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
    setRefused(false);
    const read = readQuestion(t, question);
    setProblem(read.problem);
    if (read.problem !== undefined) return focusProblem('request', read.problem);
    const { fields, message } = question;
    const result = await makeRequest({ id: registration.id, fields, message, deadline: read.day });
    if ('error' in result) return setRefused(true);
    setQuestion(emptyQuestion);
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
          <RequestQuestionFields
            prefix="request"
            question={question}
            change={setQuestion}
            problem={problem}
          />
          {refused && (
            <p role="alert" className="text-danger">
              {t('request-refused')}
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
