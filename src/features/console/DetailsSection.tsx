/**
 * A registration's details as received (or corrected since), and their correction: the list
 * gives way to the correction form, and comes back when it is saved or cancelled, with the focus
 * on the button that opened it.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldNames } from '../../contract/fields';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CorrectionForm } from './CorrectionForm';
import { correctionClosed, correctionDrafted, selectCorrectionDraft } from './draftsSlice';
import { EmailAddress } from './EmailAddress';
import { useFormatting } from './useFormatting';
import type { RegistrationViewProps } from './registrationView';

export function DetailsSection({ registration, member, reload }: RegistrationViewProps) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const dispatch = useAppDispatch();
  // Open while a correction is begun, also after a link away and back (draftsSlice.ts).
  const correcting = useAppSelector(
    (state) => selectCorrectionDraft(state, registration.id) !== undefined,
  );
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
            dispatch(correctionClosed(registration.id));
          }}
        />
      ) : (
        <>
          <dl className="details-list">
            <dt>{t('reference')}</dt>
            <dd>
              <code>{registration.reference}</code>
            </dd>
            <dt>{t('received')}</dt>
            <dd>{format.received(registration.createdAt)}</dd>
            {fieldNames.map((field) => (
              <Fragment key={field}>
                <dt>{format.label(field)}</dt>
                <dd>
                  {field === 'email' ? (
                    <EmailAddress address={registration.email} />
                  ) : (
                    format.value(field, registration[field])
                  )}
                </dd>
              </Fragment>
            ))}
            <dt>{t('language')}</dt>
            <dd>{t(`language-${registration.language}`)}</dd>
            <dt>{t('confirmation')}</dt>
            <dd>
              {confirmation.state === 'failing'
                ? t('confirmation-failing', { count: confirmation.attempts })
                : t(`confirmation-${confirmation.state}`)}
            </dd>
            <dt>{t('transfer')}</dt>
            <dd>
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
              dispatch(
                correctionDrafted({
                  id: registration.id,
                  version: registration.version,
                  fields: {},
                }),
              );
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
