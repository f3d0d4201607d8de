/**
 * The birthday typed in the registration opens the rest of it: a mistyped email address must not
 * hand a stranger someone's address and phone number. It is read as a date however it is written
 * (5.9.2001, 05.09.2001, 2001-09-05), as the server compares it; what is no date at all is
 * answered with the format and costs no try. A wrong date names the date as read, so that the
 * applicant sees it was read right, and how many tries are left; the last locks the link. A form
 * of one field: its message shows once, under it, and the focus goes back to the field, which
 * stays in view on a phone (no error summary above it to push it down).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import { parseBirthday } from '../../contract/birthday';
import { fieldSpec } from '../../contract/fields';
import { LinkRequestForm } from './LinkRequestForm';
import { OneField } from './OneField';
import { useVerifyMutation } from './applicantApi';
import { statusOf, triesLeftIn } from './applicantErrors';
import { useApplicantFormatting } from './useApplicantFormatting';

const birthdayId = 'verify-birthday';

export function BirthdayForm() {
  const { t } = useTranslation('applicant');
  const format = useApplicantFormatting();
  const [birthday, setBirthday] = useState('');
  const [problem, setProblem] = useState<string>();
  const [attempts, setAttempts] = useState(0);
  const [verify, { isLoading }] = useVerifyMutation();
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    if (attempts === 0) return;
    const field = document.getElementById(birthdayId);
    // Focused, the field reads its message (aria-describedby); already focused (Enter pressed
    // in it), it would not be read again, so it is announced.
    if (field === document.activeElement && problem) announce(problem);
    else field?.focus();
  }, [attempts, problem]);

  function refuse(message: string) {
    setProblem(message);
    setAttempts((count) => count + 1);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const typed = birthday.trim();
    if (!typed) return refuse(t('birthday-missing'));
    const date = parseBirthday(typed);
    if (!date) return refuse(t('birthday-not-a-date'));
    const result = await verify({ birthday: typed });
    if (!('error' in result)) return; // the registration is read again, with its fields
    const status = statusOf(result.error);
    if (status === 423) return setLocked(true);
    if (status === 422) return refuse(t('birthday-not-a-date'));
    const triesLeft = triesLeftIn(result.error);
    refuse(
      triesLeft !== undefined
        ? t('birthday-wrong', { count: triesLeft, date: format.birthday(date) })
        : t('verify-failed'),
    );
  }

  if (locked) return <LockedNotice />;
  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby="verify-heading">
      <h2 id="verify-heading" className="h4">
        {t('verify-heading')}
      </h2>
      <p>{t('verify-paragraph')}</p>
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
      <div ref={notice} tabIndex={-1} role="alert" className="notice notice-warning">
        <h2 className="h4">{t('locked-heading')}</h2>
        <p className="mb-0">{t('locked-paragraph')}</p>
      </div>
      <LinkRequestForm />
    </>
  );
}
