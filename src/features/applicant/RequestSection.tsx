/**
 * The office's open information request (issue 44), shown first once the birthday is given: its
 * message as written, the day to answer by (past it, the answer is still taken), and the fields
 * asked for ready to correct in the correction's own form; "Nothing to change" confirms them.
 */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import type { VerifiedRegistration } from '../../contract/applicantApiSchemas';
import { CorrectionForm } from './CorrectionForm';
import { useApplicantFormatting } from './useApplicantFormatting';

export function RequestSection({
  registration,
  answered,
}: {
  registration: VerifiedRegistration & { request: NonNullable<VerifiedRegistration['request']> };
  /** The answer was saved. */
  answered: () => void;
}) {
  const { t } = useTranslation('applicant');
  const format = useApplicantFormatting();
  const { request } = registration;
  // Today in TIME_ZONE, where the deadline is a day: en-CA writes it YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: config.timeZone }).format(new Date());
  return (
    <section aria-labelledby="request-heading" className="mb-5 border-start border-4 ps-3">
      <h2 id="request-heading" className="h4">
        {t('request-heading')}
      </h2>
      <p className="note-text" style={{ whiteSpace: 'pre-wrap' }}>
        {request.message}
      </p>
      <p className="fw-semibold">
        {t(request.deadline < today ? 'request-deadline-passed' : 'request-deadline', {
          day: format.day(request.deadline),
        })}
      </p>
      <CorrectionForm
        registration={registration}
        answer={{ requestId: request.id, fields: request.fields }}
        done={(saved) => saved && answered()}
      />
    </section>
  );
}
