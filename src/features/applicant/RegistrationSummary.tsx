/** What the confirmation email already says, shown before the birthday is asked. */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import type { ApplicantRegistration } from '../../contract/applicantApiSchemas';
import { useApplicantFormatting } from './useApplicantFormatting';

export function RegistrationSummary({ registration }: { registration: ApplicantRegistration }) {
  const { t } = useTranslation('applicant');
  const format = useApplicantFormatting();
  return (
    <dl className="row mb-4">
      <dt className="col-sm-4">{t('reference')}</dt>
      {/* Emphasised, not Bootstrap's pink <code>, which reads as a link. */}
      <dd className="col-sm-8">
        <strong>{registration.reference}</strong>
      </dd>
      <dt className="col-sm-4">{t('programme')}</dt>
      <dd className="col-sm-8">{format.programme(registration.degreeProgram)}</dd>
      <dt className="col-sm-4">{t('received')}</dt>
      <dd className="col-sm-8">{format.received(registration.createdAt)}</dd>
      <dt className="col-sm-4">{t('state-label')}</dt>
      <dd className="col-sm-8">
        {t(`state.${registration.state}`, { contactEmail: config.contactEmail })}
      </dd>
    </dl>
  );
}
