/**
 * Withdrawing the registration (GDPR Art. 17): a confirmation dialog first, since it cannot be
 * undone; then the registration is erased as the staff's erase does it, and the page says so.
 */
import { useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useWithdrawMutation } from './applicantApi';
import { withdrawn } from './applicantSlice';

export function WithdrawSection({ reference }: { reference: string }) {
  const { t } = useTranslation('applicant');
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [withdraw, { isError, isLoading, reset }] = useWithdrawMutation();

  async function confirm() {
    if (isLoading) return;
    const result = await withdraw();
    if (!('error' in result)) dispatch(withdrawn());
  }

  return (
    <section aria-labelledby="withdraw-heading" className="mb-4">
      <h2 id="withdraw-heading" className="h4">
        {t('withdraw-heading')}
      </h2>
      <p>{t('withdraw-paragraph')}</p>
      <button
        type="button"
        className="btn btn-outline-danger"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        {t('withdraw')}
      </button>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        // The safe choice has the focus: Enter does not erase anything.
        onEntered={() => cancelButton.current?.focus()}
        aria-labelledby="withdraw-title"
        aria-describedby="withdraw-warning"
      >
        <Modal.Header closeButton closeLabel={t('general.close-label', { ns: 'translation' })}>
          <Modal.Title id="withdraw-title" as="h2" className="h5">
            {t('withdraw-title', { reference })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p id="withdraw-warning" className="mb-0">
            {t('withdraw-warning')}
          </p>
          {isError && (
            <p role="alert" className="text-danger mt-3 mb-0">
              {t('withdraw-failed')}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button
            ref={cancelButton}
            type="button"
            className="btn btn-secondary"
            onClick={() => setOpen(false)}
          >
            {t('withdraw-cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            aria-disabled={isLoading || undefined}
            onClick={() => void confirm()}
          >
            {t('withdraw-confirm')}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
