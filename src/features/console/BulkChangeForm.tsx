/**
 * Sets the state or the assignee of many registrations in one action: those selected on the
 * page, or every one the filter matches (then a dialog names their number first). The server
 * touches only those within the person's access, whatever was asked.
 */
import { useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { BulkChange, Person, RegistrationFilter } from '../../contract/consoleApiSchemas';
import type { ProcessingState } from '../../contract/processing';
import { useBulkChangeMutation } from './consoleApi';
import { PersonOptions, StateOptions } from './processingOptions';
import { useFormatting } from './useFormatting';

/** The assignee select's value for nobody ('' leaves the assignee as it is). */
const nobody = '-';

export type BulkTarget = { ids: number[] } | { filter: RegistrationFilter };

export function BulkChangeForm({
  target,
  count,
  people,
  me,
  changed,
}: {
  target: BulkTarget;
  /** How many the target holds, as the person was shown. */
  count: number;
  people: readonly Person[];
  me: string;
  /** Called with the number the server changed. */
  changed: (updated: number) => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const [state, setState] = useState<ProcessingState | ''>('');
  const [assignee, setAssignee] = useState('');
  const [showError, setShowError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stateSelect = useRef<HTMLSelectElement>(null);
  const [bulkChange, { isLoading, isError }] = useBulkChangeMutation();
  const nothingChosen = state === '' && assignee === '';

  const set: BulkChange['set'] = {
    ...(state && { state }),
    ...(assignee && { assignee: assignee === nobody ? null : assignee }),
  };

  async function apply() {
    if (isLoading) return;
    setConfirming(false);
    const result = await bulkChange({ ...target, set } as BulkChange);
    if (result.data) changed(result.data.updated);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nothingChosen) {
      setShowError(true);
      stateSelect.current?.focus();
    } else if ('filter' in target) {
      setConfirming(true);
    } else {
      void apply();
    }
  }

  const assigneeName =
    assignee === nobody ? t('nobody') : people.find((person) => person.subject === assignee)?.name;
  return (
    <form
      className="bulk-change border rounded p-3 mb-3"
      onSubmit={submit}
      noValidate
      aria-labelledby="bulk-heading"
    >
      <h2 id="bulk-heading" className="h5">
        {'filter' in target
          ? t('bulk-heading-filter', { count })
          : t('bulk-heading-selected', { count })}
      </h2>
      <div className="row g-3 align-items-end">
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="bulk-state">
            {t('bulk-state')}
          </label>
          <select
            id="bulk-state"
            ref={stateSelect}
            className={`form-select${showError && nothingChosen ? ' is-invalid' : ''}`}
            value={state}
            aria-describedby={showError && nothingChosen ? 'bulk-error' : undefined}
            onChange={(event) => setState(event.target.value as ProcessingState | '')}
          >
            <option value="">{t('bulk-keep')}</option>
            <StateOptions />
          </select>
        </div>
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="bulk-assignee">
            {t('bulk-assignee')}
          </label>
          <select
            id="bulk-assignee"
            className="form-select"
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">{t('bulk-keep')}</option>
            <option value={nobody}>{t('nobody')}</option>
            <PersonOptions people={people} me={me} />
          </select>
        </div>
        <div className="col-lg-4">
          <button type="submit" className="btn btn-primary">
            {t('bulk-apply', { count })}
          </button>
        </div>
      </div>
      {showError && nothingChosen && (
        <div id="bulk-error" className="invalid-feedback d-block">
          {t('bulk-nothing-chosen')}
        </div>
      )}
      {isError && (
        <p role="alert" className="text-danger mt-2 mb-0">
          {t('bulk-failed')}
        </p>
      )}
      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        aria-labelledby="bulk-confirm-title"
      >
        <Modal.Header closeButton closeLabel={t('general.close-label', { ns: 'translation' })}>
          <Modal.Title id="bulk-confirm-title">{t('bulk-confirm-title', { count })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('bulk-confirm-filter', { count })}</p>
          <ul className="mb-0">
            {state && <li>{t('bulk-confirm-state', { state: format.state(state) })}</li>}
            {assigneeName && <li>{t('bulk-confirm-assignee', { name: assigneeName })}</li>}
          </ul>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void apply()}>
            {t('bulk-apply', { count })}
          </button>
        </Modal.Footer>
      </Modal>
    </form>
  );
}
