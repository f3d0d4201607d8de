/**
 * One registration: every field, its language and its confirmation's state; a download of all of
 * it (GDPR Art. 15); for admins, erase, with a reason, confirmed in a dialog.
 */
import { Fragment, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { fieldNames } from '../../contract/fields';
import { isNotFound, isUnprocessable } from './apiErrors';
import { eraseReasonLength, identifyingFieldIn } from '../../contract/eraseReason';
import { useEraseRegistrationMutation, useRegistrationQuery } from './consoleApi';
import type { RegistrationDetails, StaffMember } from '../../contract/consoleApiSchemas';
import { consoleApiPath } from '../../contract/consolePaths';
import { useFormatting } from './useFormatting';
import { ViewHeading } from './ViewHeading';

/** The list as the person left it (its filter, search and page), when they came from it. */
function useListAddress(): string {
  const state = useLocation().state as { listSearch?: string } | null;
  return `/staff${state?.listSearch ?? ''}`;
}

function BackToList() {
  const { t } = useTranslation('staff');
  return (
    <p>
      <Link to={useListAddress()}>{t('back-to-list')}</Link>
    </p>
  );
}

export function RegistrationPage({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const id = Number(useParams().id);
  const { data, error, isError } = useRegistrationQuery(id, { skip: !Number.isInteger(id) });

  if (isNotFound(error) || !Number.isInteger(id)) {
    return (
      <>
        {/* /staff/<anything else> (the audit log's address for a non-admin) is no registration. */}
        <ViewHeading
          title={t(Number.isInteger(id) ? 'not-found-heading' : 'page-not-found-heading')}
        />
        <BackToList />
      </>
    );
  }
  if (isError) return <p role="alert">{t('load-failed')}</p>;
  if (!data) return <LoadingSpinner label={t('loading')} />;
  return <Registration registration={data} canErase={member.admin} />;
}

function Registration({
  registration,
  canErase,
}: {
  registration: RegistrationDetails;
  canErase: boolean;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const value = (field: (typeof fieldNames)[number]) => {
    const stored = registration[field];
    if (field === 'degreeProgram') return format.programme(String(stored));
    if (field === 'terms') return stored ? t('yes') : t('no');
    return String(stored);
  };
  // The form's label for the terms holds a link; the console says what was agreed.
  const label = (field: (typeof fieldNames)[number]) =>
    field === 'terms' ? t('terms-accepted') : format.label(field);
  const { confirmation } = registration;
  return (
    <>
      <BackToList />
      {/* The title names it by its reference: a name in the title bar would be seen and kept by more. */}
      <ViewHeading title={t('registration-title', { reference: registration.reference })}>
        {registration.firstName} {registration.lastName}
      </ViewHeading>
      <dl className="row">
        <dt className="col-sm-4">{t('reference')}</dt>
        <dd className="col-sm-8">
          <code>{registration.reference}</code>
        </dd>
        <dt className="col-sm-4">{t('received')}</dt>
        <dd className="col-sm-8">{format.received(registration.createdAt)}</dd>
        {fieldNames.map((field) => (
          <Fragment key={field}>
            <dt className="col-sm-4">{label(field)}</dt>
            <dd className="col-sm-8">{value(field)}</dd>
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
      </dl>
      <p className="d-flex flex-wrap gap-3">
        <a
          className="btn btn-outline-primary"
          href={`${consoleApiPath}/registrations/${registration.id}/data`}
          download
        >
          {t('download-data')}
        </a>
        {canErase && <EraseButton registration={registration} />}
      </p>
    </>
  );
}

function EraseButton({ registration }: { registration: RegistrationDetails }) {
  const { t, i18n } = useTranslation('staff');
  const format = useFormatting();
  const navigate = useNavigate();
  const listAddress = useListAddress();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const [erase, { isLoading, error }] = useEraseRegistrationMutation();
  // A reason the server refused (422) though this console did not (another version of it).
  const [refusedReason, setRefusedReason] = useState<string>();
  const identifying = identifyingFieldIn(reason, registration);
  const reasonError =
    reason.trim().length < eraseReasonLength.min
      ? t('erase-reason-required')
      : identifying
        ? t('erase-reason-identifies', {
            field: format.label(identifying).toLocaleLowerCase(i18n.language),
          })
        : reason === refusedReason
          ? t('erase-reason-refused')
          : undefined;
  const shownError = showError ? reasonError : undefined;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (reasonError) {
      setShowError(true);
      reasonInput.current?.focus();
      return;
    }
    const result = await erase({ id: registration.id, reason: reason.trim() });
    if (isUnprocessable(result.error)) {
      setRefusedReason(reason);
      setShowError(true);
      reasonInput.current?.focus();
    } else if (!('error' in result)) {
      navigate(listAddress, { state: { erased: registration.reference } });
    }
  }

  return (
    <>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t('erase')}
      </button>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        onEntered={() => reasonInput.current?.focus()}
        aria-labelledby="erase-title"
      >
        <form onSubmit={confirm} noValidate>
          <Modal.Header closeButton closeLabel={t('general.close-label', { ns: 'translation' })}>
            <Modal.Title id="erase-title">
              {t('erase-title', { reference: registration.reference })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('erase-warning')}</p>
            <label className="form-label mb-0" htmlFor="erase-reason">
              {t('erase-reason')}
            </label>
            <div id="erase-reason-hint" className="form-text mt-0 mb-2">
              {t('erase-reason-hint')}
            </div>
            <textarea
              id="erase-reason"
              ref={reasonInput}
              className={`form-control${shownError ? ' is-invalid' : ''}`}
              value={reason}
              maxLength={eraseReasonLength.max}
              rows={3}
              aria-describedby={`erase-reason-hint${shownError ? ' erase-reason-error' : ''}`}
              aria-invalid={shownError !== undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {shownError && (
              <div id="erase-reason-error" className="invalid-feedback d-block">
                {shownError}
              </div>
            )}
            {error && !isUnprocessable(error) && (
              <p role="alert" className="text-danger mt-3 mb-0">
                {t('erase-failed')}
              </p>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              {t('cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={isLoading}>
              {t('erase-confirm')}
            </button>
          </Modal.Footer>
        </form>
      </Modal>
    </>
  );
}
