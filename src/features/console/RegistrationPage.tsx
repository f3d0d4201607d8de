/**
 * One registration, where it is processed: its state and who has it, notes, every field (and
 * their correction), its language and its confirmation's state, its timeline and its possible
 * duplicates; the previous and next of the list the person came from; a download of all of it
 * (GDPR Art. 15); for admins, erase, with a reason, confirmed in a dialog. One its applicant
 * withdrew says so, and when, at its old address.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { isNotFound, isUnprocessable, withdrawalIn } from './apiErrors';
import { eraseReasonLength, identifyingFieldIn } from '../../contract/eraseReason';
import { useEraseRegistrationMutation, useRegistrationQuery } from './consoleApi';
import type {
  RegistrationDetails,
  StaffMember,
  Withdrawal,
} from '../../contract/consoleApiSchemas';
import { consoleApiPath } from '../../contract/consolePaths';
import { DetailsSection } from './DetailsSection';
import { ListNeighbours } from './ListNeighbours';
import { NotesSection } from './NotesSection';
import { PossibleDuplicates } from './PossibleDuplicates';
import { RequestInformation } from './RequestInformation';
import { ProcessingPanel } from './ProcessingPanel';
import { Timeline } from './Timeline';
import { useFormatting } from './useFormatting';
import { ViewHeading } from './ViewHeading';
import type { RegistrationViewProps } from './registrationView';

/** The list as the person left it (its filter, search and page), when they came from it. */
function useListAddress(): string {
  const state = useLocation().state as { listSearch?: string } | null;
  return `/staff${state?.listSearch ?? ''}`;
}

function BackToList({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('staff');
  return (
    <div className="d-flex flex-wrap justify-content-between column-gap-4 row-gap-2 mb-3">
      <Link to={useListAddress()}>{t('back-to-list')}</Link>
      {children}
    </div>
  );
}

/** What is left of a registration its applicant withdrew: that it was, when, and whose. */
function Withdrawn({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  return (
    <>
      <BackToList />
      <ViewHeading title={t('withdrawn-heading')} />
      <p>
        {t('withdrawn-text', {
          id: withdrawal.id,
          programme: format.programme(withdrawal.degreeProgram),
          time: format.received(withdrawal.withdrawnAt),
        })}
      </p>
      {withdrawal.assignee && <p>{t('withdrawn-assignee', { name: withdrawal.assignee.name })}</p>}
    </>
  );
}

export function RegistrationPage({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const id = Number(useParams().id);
  const { data, error, isError, refetch } = useRegistrationQuery(id, {
    skip: !Number.isInteger(id),
  });

  const withdrawal = withdrawalIn(error);
  if (withdrawal) return <Withdrawn withdrawal={withdrawal} />;
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
  // Another registration (a duplicate's link) starts afresh: no half-written note carries over.
  return <Registration key={data.id} registration={data} member={member} reload={refetch} />;
}

function Registration({ registration, member, reload }: RegistrationViewProps) {
  const { t } = useTranslation('staff');
  return (
    <>
      <BackToList>
        <ListNeighbours id={registration.id} />
      </BackToList>
      {/* The title names it by its reference: a name in the title bar would be seen and kept by more. */}
      <ViewHeading title={t('registration-title', { reference: registration.reference })}>
        {registration.firstName} {registration.lastName}
      </ViewHeading>
      {registration.applicantAnswered && (
        <p>
          <span className="answered-mark ms-0">{t('applicant-answered')}</span>
        </p>
      )}
      <PossibleDuplicates registration={registration} />
      {/* The work first (where it is, who has it, notes), then what was received and what became of it. */}
      <div className="row g-4">
        <div className="col-lg-6">
          <ProcessingPanel registration={registration} member={member} reload={reload} />
          <RequestInformation registration={registration} />
          <NotesSection registration={registration} />
        </div>
        <div className="col-lg-6">
          <DetailsSection registration={registration} member={member} reload={reload} />
          <p className="d-flex flex-wrap gap-3 mb-4">
            <a
              className="btn btn-outline-primary"
              href={`${consoleApiPath}/registrations/${registration.id}/data`}
              download
            >
              {t('download-data')}
            </a>
            {member.admin && <EraseButton registration={registration} />}
          </p>
          <Timeline history={registration.history} duplicates={registration.duplicates} />
        </div>
      </div>
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
