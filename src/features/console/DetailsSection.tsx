/**
 * A registration's details as received (or corrected since), and their correction: the list
 * gives way to the correction form, and comes back when it is saved or cancelled, with the focus
 * on the button that opened it.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldNames } from '../../contract/fields';
import { CorrectionForm } from './CorrectionForm';
import { useFormatting } from './useFormatting';
import type { RegistrationViewProps } from './registrationView';

export function DetailsSection({ registration, member, reload }: RegistrationViewProps) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const [correcting, setCorrecting] = useState(false);
  const [corrected, setCorrected] = useState(false);
  const correctButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);

  useEffect(() => {
    if (!correcting && closed.current) correctButton.current?.focus();
  }, [correcting]);

  const { confirmation, transfer } = registration;
  return (
    <section aria-labelledby="details-heading" className="mb-4">
      <h2 id="details-heading" className="h4">
        {t('details-heading')}
      </h2>
      {correcting ? (
        <CorrectionForm
          registration={registration}
          member={member}
          reload={reload}
          done={(saved) => {
            closed.current = true;
            setCorrected(saved);
            setCorrecting(false);
          }}
        />
      ) : (
        <>
          <dl className="row">
            <dt className="col-sm-4">{t('reference')}</dt>
            <dd className="col-sm-8">
              <code>{registration.reference}</code>
            </dd>
            <dt className="col-sm-4">{t('received')}</dt>
            <dd className="col-sm-8">{format.received(registration.createdAt)}</dd>
            {fieldNames.map((field) => (
              <Fragment key={field}>
                <dt className="col-sm-4">{format.label(field)}</dt>
                <dd className="col-sm-8">{format.value(field, registration[field])}</dd>
              </Fragment>
            ))}
            <dt className="col-sm-4">{t('language')}</dt>
            <dd className="col-sm-8">{t(`language-${registration.language}`)}</dd>
            <dt className="col-sm-4">{t('confirmation')}</dt>
            <dd className="col-sm-8">
              {confirmation.state === 'failing'
                ? t('confirmation-failing', { count: confirmation.attempts })
                : t(`confirmation-${confirmation.state}`)}
            </dd>
            <dt className="col-sm-4">{t('transfer')}</dt>
            <dd className="col-sm-8">
              {transfer
                ? t(transfer.externalId ? 'transferred-with-id' : 'transferred', {
                    time: format.received(transfer.at),
                    token: transfer.tokenName,
                    externalId: transfer.externalId,
                  })
                : t('not-transferred')}
            </dd>
          </dl>
          <button
            ref={correctButton}
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              setCorrected(false);
              setCorrecting(true);
            }}
          >
            {t('correct')}
          </button>
          {corrected && (
            <p role="status" className="mt-2 mb-0">
              {t('corrected')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
