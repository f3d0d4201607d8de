/**
 * Asks the applicants of many registrations at once (issue 44): those selected on the page, or
 * every one the filter matches, as a change of many takes them (BulkChangeForm.tsx). The question
 * is written as for one registration; a dialog names their number before anything is sent. The
 * server asks only those within the person's access and says how many it skipped and why.
 */
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { BulkRequestBody, BulkRequestResult } from '../../contract/bulkRequestSchemas';
import type { BulkTarget } from './BulkChangeForm';
import { useBulkRequestMutation } from './consoleApi';
import {
  emptyQuestion,
  focusProblem,
  readQuestion,
  RequestQuestionFields,
  type QuestionProblem,
} from './RequestQuestion';

export function BulkRequestForm({
  target,
  count,
  requested,
}: {
  target: BulkTarget;
  /** How many the target holds, as the person was shown. */
  count: number;
  requested: (result: BulkRequestResult) => void;
}) {
  const { t } = useTranslation('staff');
  // Opened on demand, as one registration's: the form is long, and a change is asked more often.
  const [asking, setAsking] = useState(false);
  const [question, setQuestion] = useState(emptyQuestion);
  const [problem, setProblem] = useState<QuestionProblem>();
  const [refused, setRefused] = useState(false);
  const [confirming, setConfirming] = useState<string>();
  const [bulkRequest, { isLoading }] = useBulkRequestMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefused(false);
    const read = readQuestion(t, question);
    setProblem(read.problem);
    if (read.problem === undefined) setConfirming(read.day);
    else focusProblem('bulk-request', read.problem);
  }

  async function send(deadline: string) {
    if (isLoading) return;
    setConfirming(undefined);
    const { fields, message } = question;
    const result = await bulkRequest({ ...target, fields, message, deadline } as BulkRequestBody);
    if ('error' in result) return setRefused(true);
    setQuestion(emptyQuestion);
    setAsking(false);
    requested(result.data);
  }

  const heading =
    'filter' in target
      ? t('bulk-request-heading-filter', { count })
      : t('bulk-request-heading-selected', { count });
  if (!asking) {
    return (
      <p>
        <button type="button" className="btn btn-outline-primary" onClick={() => setAsking(true)}>
          {heading}
        </button>
      </p>
    );
  }
  return (
    <form
      className="border rounded p-3 mb-3"
      onSubmit={submit}
      noValidate
      aria-labelledby="bulk-request-heading"
    >
      <h2 id="bulk-request-heading" className="h5">
        {heading}
      </h2>
      <RequestQuestionFields
        prefix="bulk-request"
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
          {t('bulk-request-send', { count })}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
          {t('request-cancel')}
        </button>
      </div>
      <Modal
        show={confirming !== undefined}
        onHide={() => setConfirming(undefined)}
        aria-labelledby="bulk-request-confirm-title"
      >
        <Modal.Header closeButton closeLabel={t('general.close-label', { ns: 'translation' })}>
          <Modal.Title id="bulk-request-confirm-title">
            {t('bulk-request-confirm-title', { count })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('bulk-request-confirm', { count })}</p>
          <p className="mb-0">{t('bulk-request-confirm-replace')}</p>
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setConfirming(undefined)}
          >
            {t('cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => confirming && void send(confirming)}
          >
            {t('bulk-request-send', { count })}
          </button>
        </Modal.Footer>
      </Modal>
    </form>
  );
}
