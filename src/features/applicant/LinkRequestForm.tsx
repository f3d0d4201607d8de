/**
 * "Send me my link again": the applicant types their email address, and the answer is always
 * the same sentence, whether or not anything is registered for it (the page must not tell a
 * stranger who has registered). Each registration of the address gets a fresh link by email.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import { fieldSpec } from '../../contract/fields';
import { useRequestLinksMutation } from './applicantApi';
import { ProblemSummary } from '../../components/ProblemSummary';
import { OneField } from './OneField';

const emailId = 'link-email';

export function LinkRequestForm() {
  const { t } = useTranslation('applicant');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [attempts, setAttempts] = useState(0);
  const [sent, setSent] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  const [requestLinks, { isLoading }] = useRequestLinksMutation();

  useEffect(() => {
    if (attempts > 0) summary.current?.focus();
  }, [attempts]);
  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const typed = email.trim();
    const result = typed ? await requestLinks({ email: typed }) : undefined;
    if (result && !('error' in result)) return setSent(true);
    setProblem(t(typed ? 'link-request-failed' : 'email-missing'));
    setAttempts((count) => count + 1);
  }

  return (
    <section aria-labelledby="link-request-heading" className="mt-4">
      <h2 id="link-request-heading" className="h4">
        {t('link-request-heading')}
      </h2>
      {sent ? (
        <p ref={answer} tabIndex={-1} role="status">
          {t('link-request-sent')}
        </p>
      ) : (
        <form onSubmit={(event) => void send(event)} noValidate>
          <p>{t('link-request-paragraph')}</p>
          <ProblemSummary
            idPrefix={emailId}
            problems={problem ? [{ controlId: emailId, text: problem }] : []}
            summaryRef={summary}
          />
          <OneField
            id={emailId}
            name="email"
            label={t('form.email-label', { ns: 'translation' })}
            hint={t('form.email-hint', { ns: 'translation', domain: config.emailDomain })}
            type={fieldSpec('email').inputType}
            autoComplete={fieldSpec('email').autoComplete}
            className="col-sm-10 col-md-7"
            problem={problem}
            value={email}
            onChange={setEmail}
          />
          <button type="submit" className="btn btn-primary" aria-disabled={isLoading || undefined}>
            {t('link-request-submit')}
          </button>
        </form>
      )}
    </section>
  );
}
