/**
 * The office's open information request first, if there is one (RequestSection.tsx); the
 * registration's fields as sent (or corrected since), once the birthday has opened them; their
 * correction while the registration's processing allows it; the download of everything stored
 * (GDPR Art. 15); and the withdrawal (Art. 17). The list gives way to the correction form and
 * comes back when it is saved (the focus on the section's heading, the result under it) or
 * cancelled (the focus on the button that opened it). A name's typographic apostrophe (’) comes
 * back as ' (registrationSchema.ts): the list says why.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedRegistration } from '../../contract/applicantApiSchemas';
import { fieldNames, type FieldName } from '../../contract/fields';
import { registrationDataUrl } from './applicantApi';
import { CorrectionForm } from './CorrectionForm';
import { RequestSection } from './RequestSection';
import { useApplicantFormatting } from './useApplicantFormatting';
import { WithdrawSection } from './WithdrawSection';

export function RegistrationDetails({
  registration,
  justVerified,
}: {
  registration: VerifiedRegistration;
  /** The birthday opened it just now: the focus moves here from the form that is gone. */
  justVerified: boolean;
}) {
  const { t } = useTranslation('applicant');
  const format = useApplicantFormatting();
  const [correcting, setCorrecting] = useState(false);
  // What the last saved correction changed: named in its result.
  const [corrected, setCorrected] = useState<FieldName[]>([]);
  const saved = corrected.length > 0;
  const [answered, setAnswered] = useState(false);
  const correctButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (justVerified) heading.current?.focus();
  }, [justVerified]);

  // Back from the correction: saved, the focus goes to the section's heading, with the result
  // just below it (where the applicant is, on a phone too); cancelled, to the button that opened it.
  useEffect(() => {
    if (correcting || !closed.current) return;
    (saved ? heading.current : correctButton.current)?.focus();
  }, [correcting, saved]);

  const { request } = registration;
  return (
    <>
      {answered && (
        <p role="status" className="notice notice-success">
          {t('request-answered')}
        </p>
      )}
      {request && !correcting && (
        <RequestSection
          registration={{ ...registration, request }}
          answered={() => {
            setAnswered(true);
            heading.current?.focus();
          }}
        />
      )}
      <section aria-labelledby="details-heading" className="mb-5">
        <h2
          ref={heading}
          id="details-heading"
          className="h4"
          tabIndex={-1}
          aria-describedby={saved && !correcting ? 'corrected-status' : undefined}
        >
          {t('details-heading')}
        </h2>
        {correcting ? (
          <CorrectionForm
            registration={registration}
            done={(changed) => {
              closed.current = true;
              setCorrected(changed ?? []);
              setCorrecting(false);
            }}
          />
        ) : (
          <>
            {saved && (
              <p id="corrected-status" role="status" className="notice notice-success">
                {t('corrected', { fields: corrected.map(format.label).join(', ') })}
              </p>
            )}
            <dl className="row">
              {fieldNames.map((field) => (
                <Fragment key={field}>
                  <dt className="col-sm-4">{format.label(field)}</dt>
                  <dd className="col-sm-8 text-break">
                    {format.value(field, registration.fields[field])}
                  </dd>
                </Fragment>
              ))}
            </dl>
            {fieldNames.some((field) => String(registration.fields[field]).includes("'")) && (
              <p className="form-text">{t('apostrophe-stored')}</p>
            )}
            {registration.correctable ? (
              <button
                ref={correctButton}
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setCorrected([]);
                  setCorrecting(true);
                }}
              >
                {t('correct')}
              </button>
            ) : (
              <p>{t('not-correctable')}</p>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="download-heading" className="mb-5">
        <h2 id="download-heading" className="h4">
          {t('download-heading')}
        </h2>
        <p>{t('download-paragraph')}</p>
        <a className="btn btn-outline-primary" href={registrationDataUrl} download>
          {t('download')}
        </a>
      </section>
      <WithdrawSection reference={registration.reference} />
    </>
  );
}
