/**
 * Where a registration's processing is, and who has it: the state and the assignee, saved
 * together by a press, never by choosing in a select (keyboard users move through a select's
 * options). Take is the same save with oneself as the assignee, and a new registration started:
 * whatever state was chosen goes with it instead of being lost. Each change is sent on the
 * version shown; a refusal because someone changed it meanwhile says who, and nothing is
 * overwritten; any other refusal says why.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Person,
  RegistrationChange,
  RegistrationDetails,
} from '../../contract/consoleApiSchemas';
import type { ProcessingState } from '../../contract/processing';
import { versionConflictIn } from './apiErrors';
import { ChangeRefused } from './ChangeRefused';
import { ConflictNotice } from './ConflictNotice';
import { useChangeRegistrationMutation, useStaffMembersQuery } from './consoleApi';
import { PersonOptions, StateHint, StateOptions } from './processingOptions';
import type { RegistrationViewProps } from './registrationView';

/** Those who may have this registration (its programme's staff), and whoever has it now. */
function useAssignable(registration: RegistrationDetails): Person[] {
  const { data = [] } = useStaffMembersQuery();
  const people: Person[] = data.filter((person) =>
    (person.programmes as readonly string[]).includes(registration.degreeProgram),
  );
  const { assignee } = registration;
  if (assignee && !people.some((person) => person.subject === assignee.subject)) {
    people.push(assignee);
  }
  return people;
}

export function ProcessingPanel({ registration, member, reload }: RegistrationViewProps) {
  const { t } = useTranslation('staff');
  const heading = useRef<HTMLHeadingElement>(null);
  const people = useAssignable(registration);
  const [change, { error, isLoading, reset }] = useChangeRegistrationMutation();
  /** What the last change that was stored says (none yet). */
  const [saved, setSaved] = useState<string>();
  const conflict = versionConflictIn(error);

  async function send(body: RegistrationChange) {
    // A second press while the first is on its way would be refused as a conflict with itself.
    if (isLoading) return;
    setSaved(undefined);
    const result = await change({
      id: registration.id,
      version: registration.version,
      change: body,
    });
    const stored = !('error' in result);
    const taken = body.assignee === member.subject;
    if (stored) {
      setSaved(
        taken ? (body.state === 'in-progress' ? 'taken-started' : 'taken') : 'processing-saved',
      );
    }
    // The form is made anew for the new version, and with it the button pressed (Take is gone):
    // the focus stays in the panel instead of falling back to the start of the page.
    if (stored) heading.current?.focus();
  }

  const mine = registration.assignee?.subject === member.subject;
  return (
    <section aria-labelledby="processing-heading" className="mb-4">
      <h2 id="processing-heading" ref={heading} tabIndex={-1} className="h4">
        {t('processing-heading')}
      </h2>
      {/* A new version is a new starting point: what is selected is what is stored. */}
      <ProcessingForm
        key={registration.version}
        registration={registration}
        people={people}
        me={member.subject}
        send={send}
        offerTake={!mine}
      />
      {saved && (
        <p role="status" className="mt-2 mb-0">
          {t(saved)}
        </p>
      )}
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          me={member.subject}
          reload={() => {
            reset();
            reload();
            heading.current?.focus();
          }}
        />
      )}
      {error && !conflict && <ChangeRefused error={error} />}
    </section>
  );
}

function ProcessingForm({
  registration,
  people,
  me,
  send,
  offerTake,
}: {
  registration: RegistrationDetails;
  people: readonly Person[];
  me: string;
  send: (change: RegistrationChange) => Promise<void>;
  /** Whether Take is offered: unless it is the person's already. */
  offerTake: boolean;
}) {
  const { t } = useTranslation('staff');
  const [state, setState] = useState<ProcessingState>(registration.state);
  const [assignee, setAssignee] = useState(registration.assignee?.subject ?? '');

  /** Only what was changed: what another person set meanwhile in the other stays theirs. */
  function changed(toState: ProcessingState, toAssignee: string): RegistrationChange {
    const changes: RegistrationChange = {};
    if (toState !== registration.state) changes.state = toState;
    if (toAssignee !== (registration.assignee?.subject ?? ''))
      changes.assignee = toAssignee || null;
    return changes;
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const changes = changed(state, assignee);
    if (Object.keys(changes).length > 0) void send(changes);
  }

  // Taking a new one starts it, so that "new" means that nobody has touched it.
  const take = () =>
    void send(changed(state === 'new' && registration.state === 'new' ? 'in-progress' : state, me));

  return (
    <form className="row g-3 align-items-end" onSubmit={save}>
      <div className="col-sm-6">
        <label className="form-label" htmlFor="processing-state">
          {t('state-label')}
        </label>
        <select
          id="processing-state"
          className="form-select"
          value={state}
          aria-describedby="processing-state-hint"
          onChange={(event) => setState(event.target.value as ProcessingState)}
        >
          <StateOptions />
        </select>
      </div>
      <div className="col-sm-6">
        <label className="form-label" htmlFor="processing-assignee">
          {t('assignee-label')}
        </label>
        <select
          id="processing-assignee"
          className="form-select"
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
        >
          <option value="">{t('nobody')}</option>
          <PersonOptions people={people} me={me} />
        </select>
      </div>
      {/* Under both selects, so that they stay level; the state's description all the same. */}
      <StateHint id="processing-state-hint" state={state} className="col-12 mt-1" />
      <div className="col-12 d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">
          {t('processing-save')}
        </button>
        {offerTake && (
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-describedby="take-hint"
            onClick={take}
          >
            {t('take')}
          </button>
        )}
      </div>
      {offerTake && (
        <div id="take-hint" className="col-12 form-text mt-1">
          {t('take-hint')}
        </div>
      )}
    </form>
  );
}
