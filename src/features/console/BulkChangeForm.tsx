/**
 * Sets the state or the assignee of many registrations in one action: those selected on the
 * page, or every one the filter matches, after a dialog that names their number and what
 * changes. Offers as assignee only those who may have every one of them (each of their
 * programmes); a refusal says why. The server touches only those within the person's access,
 * whatever was asked.
 */
import { useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { Assignable, BulkChange, RegistrationFilter } from '../../contract/consoleApiSchemas';
import type { DegreeProgram } from '../../contract/fields';
import type { ProcessingState } from '../../contract/processing';
import { ChangeRefused } from './ChangeRefused';
import { useBulkChangeMutation } from './consoleApi';
import { PersonOptions, StateHint, StateOptions } from './processingOptions';
import { useFormatting } from './useFormatting';

/** The assignee select's value for nobody ('' leaves the assignee as it is). */
const nobody = '-';

export type BulkTarget = { ids: number[] } | { filter: RegistrationFilter };

/** What a bulk change did: how many changed, to what state, to whom (by name; null: nobody). */
export interface BulkChanged {
  updated: number;
  state?: ProcessingState;
  assignee?: string | null;
}

export function BulkChangeForm({
  target,
  count,
  programmes,
  people,
  me,
  changed,
}: {
  target: BulkTarget;
  /** How many the target holds, as the person was shown. */
  count: number;
  /** The programmes of the registrations it holds: an assignee must have each. */
  programmes: readonly DegreeProgram[];
  people: readonly Assignable[];
  me: string;
  changed: (done: BulkChanged) => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const [state, setState] = useState<ProcessingState | ''>('');
  const [assignee, setAssignee] = useState('');
  const [showError, setShowError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stateSelect = useRef<HTMLSelectElement>(null);
  const [bulkChange, { isLoading, error }] = useBulkChangeMutation();
  const assignable = people.filter((person) =>
    programmes.every((programme) => person.programmes.includes(programme)),
  );

  // One chosen before the selection grew to a programme they do not have is no longer offered.
  const chosen =
    assignee === nobody || assignable.some((person) => person.subject === assignee) ? assignee : '';
  const nothingChosen = state === '' && chosen === '';
  const set: BulkChange['set'] = {
    ...(state && { state }),
    ...(chosen && { assignee: chosen === nobody ? null : chosen }),
  };

  async function apply() {
    if (isLoading) return;
    setConfirming(false);
    const result = await bulkChange({ ...target, set } as BulkChange);
    if (result.data) {
      changed({
        updated: result.data.updated,
        ...(state && { state }),
        ...(assigneeName && { assignee: chosen === nobody ? null : assigneeName }),
      });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nothingChosen) {
      setShowError(true);
      stateSelect.current?.focus();
    } else {
      setConfirming(true);
    }
  }

  const assigneeName =
    chosen === nobody ? t('nobody') : assignable.find((person) => person.subject === chosen)?.name;
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
            aria-describedby={`bulk-state-hint${showError && nothingChosen ? ' bulk-error' : ''}`}
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
            aria-describedby="bulk-assignee-hint"
            value={chosen}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">{t('bulk-keep')}</option>
            <option value={nobody}>{t('nobody')}</option>
            <PersonOptions people={assignable} me={me} />
          </select>
          <div id="bulk-assignee-hint" className="form-text">
            {t('bulk-assignee-hint')}
          </div>
        </div>
        <div className="col-lg-4">
          <button type="submit" className="btn btn-primary">
            {t('bulk-apply', { count })}
          </button>
        </div>
      </div>
      <StateHint id="bulk-state-hint" state={state} many className="mt-2" />
      {showError && nothingChosen && (
        <div id="bulk-error" className="invalid-feedback d-block">
          {t('bulk-nothing-chosen')}
        </div>
      )}
      {error && <ChangeRefused error={error} many />}
      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        aria-labelledby="bulk-confirm-title"
      >
        <Modal.Header closeButton closeLabel={t('general.close-label', { ns: 'translation' })}>
          <Modal.Title id="bulk-confirm-title">{t('bulk-confirm-title', { count })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {'filter' in target
              ? t('bulk-confirm-filter', { count })
              : t('bulk-confirm-selected', { count })}
          </p>
          <ul>
            {state && <li>{t('bulk-confirm-state', { state: format.state(state) })}</li>}
            {assigneeName && <li>{t('bulk-confirm-assignee', { name: assigneeName })}</li>}
          </ul>
          <p className="mb-0">{t('bulk-confirm-leave')}</p>
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
