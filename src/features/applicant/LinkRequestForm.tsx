/**
 * "Send me my link again": the applicant types their email address, and the answer is always
 * the same sentence, whether or not anything is registered for it (the page must not tell a
 * stranger who has registered). Each registration of the address gets a fresh link by email.
 * An address the form would have refused is refused here too, with the form's message: a typo
 * would otherwise be answered as if the link were on its way.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import { emptyValues, fieldSpec } from '../../contract/fields';
import { fieldMessage } from '../registration/fieldMessages';
import { loadRules } from '../registration/validation';
import { useRequestLinksMutation } from './applicantApi';
import { ProblemSummary } from '../../components/ProblemSummary';
import { OneField } from './OneField';

const emailId = 'link-email';

/** The form's rule's message key for the address, if it breaks one; none when offline. */
async function emailProblem(email: string): Promise<string | undefined> {
  const rules = await loadRules().catch(() => undefined);
  return rules?.({ ...emptyValues, email }).email;
}

export function LinkRequestForm() {
  const { t } = useTranslation('applicant');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [attempts, setAttempts] = useState(0);
  const [sent, setSent] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  // From the press on, the rules' fetch included, until it is refused: a second press (a double
  // tap, or one before the answer shows) asks nothing more.
  const sending = useRef(false);
  const [requestLinks, { isLoading }] = useRequestLinksMutation();

  useEffect(() => {
    if (attempts > 0) summary.current?.focus();
  }, [attempts]);
  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const typed = email.trim();
    const refuse = (text: string) => {
      sending.current = false;
      setProblem(text);
      setAttempts((count) => count + 1);
    };
    if (!typed) return refuse(t('email-missing'));
    const format = await emailProblem(typed);
    if (format) return refuse(fieldMessage(t, format));
    const result = await requestLinks({ email: typed });
    if ('error' in result) return refuse(t('link-request-failed'));
    setSent(true);
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
