/**
 * The birthday typed in the registration opens the rest of it: a mistyped email address must not
 * hand a stranger someone's address and phone number. A wrong one says how many tries are left;
 * the last locks the link, and a new one must be asked for. GOV.UK style: a visible label and
 * hint, and an error summary that names the field and takes the focus.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldSpec } from '../../contract/fields';
import { LinkRequestForm } from './LinkRequestForm';
import { ProblemSummary } from '../../components/ProblemSummary';
import { OneField } from './OneField';
import { useVerifyMutation } from './applicantApi';
import { statusOf, triesLeftIn } from './applicantErrors';

const birthdayId = 'verify-birthday';

export function BirthdayForm() {
  const { t } = useTranslation('applicant');
  const [birthday, setBirthday] = useState('');
  const [problem, setProblem] = useState<string>();
  const [attempts, setAttempts] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const [verify, { isLoading }] = useVerifyMutation();
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    if (attempts > 0) summary.current?.focus();
  }, [attempts]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const typed = birthday.trim();
    if (!typed) {
      setProblem(t('birthday-missing'));
      return setAttempts((count) => count + 1);
    }
    const result = await verify({ birthday: typed });
    if (!('error' in result)) return; // the registration is read again, with its fields
    const status = statusOf(result.error);
    if (status === 423) return setLocked(true);
    const triesLeft = triesLeftIn(result.error);
    setProblem(
      triesLeft !== undefined ? t('birthday-wrong', { count: triesLeft }) : t('verify-failed'),
    );
    setAttempts((count) => count + 1);
  }

  if (locked) return <LockedNotice />;
  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby="verify-heading">
      <h2 id="verify-heading" className="h4">
        {t('verify-heading')}
      </h2>
      <p>{t('verify-paragraph')}</p>
      <ProblemSummary
        idPrefix={birthdayId}
        problems={problem ? [{ controlId: birthdayId, text: problem }] : []}
        summaryRef={summary}
      />
      <OneField
        id={birthdayId}
        name="birthday"
        label={t('form.birthday-label', { ns: 'translation' })}
        hint={t('form.birthday-hint', { ns: 'translation' })}
        inputMode={fieldSpec('birthday').inputMode}
        autoComplete={fieldSpec('birthday').autoComplete}
        className="col-sm-8 col-md-5"
        problem={problem}
        value={birthday}
        onChange={setBirthday}
      />
      <button type="submit" className="btn btn-primary" aria-disabled={isLoading || undefined}>
        {t('verify-submit')}
      </button>
    </form>
  );
}

/** Too many wrong birthdays: this link is locked for good; a new one can be asked for. */
function LockedNotice() {
  const { t } = useTranslation('applicant');
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <>
      <div ref={notice} tabIndex={-1} role="alert" className="alert alert-warning">
        <h2 className="h4">{t('locked-heading')}</h2>
        <p className="mb-0">{t('locked-paragraph')}</p>
      </div>
      <LinkRequestForm />
    </>
  );
}
