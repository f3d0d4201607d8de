/** The options of the console's selects for a state and for a person, named as the staff read them, and what a change of state tells the applicant. */
import { useTranslation } from 'react-i18next';
import type { Person } from '../../contract/consoleApiSchemas';
import { processingStates, type ProcessingState } from '../../contract/processing';
import { useFormatting } from './useFormatting';

export function StateOptions() {
  const format = useFormatting();
  return processingStates.map((state) => (
    <option key={state} value={state}>
      {format.state(state)}
    </option>
  ));
}

/** Each person by name, the one signed in marked as such; by subject as the value. */
export function PersonOptions({ people, me }: { people: readonly Person[]; me: string }) {
  const { t } = useTranslation('staff');
  return people.map((person) => (
    <option key={person.subject} value={person.subject}>
      {person.subject === me ? t('person-me', { name: person.name }) : person.name}
    </option>
  ));
}

/**
 * What a change of state tells the applicant, under the select that changes it: nothing is sent
 * (they see the state on their own page only), and "waiting" asks the staff to contact them.
 */
export function StateHint({
  id,
  state,
  many = false,
  className = '',
}: {
  id: string;
  state: ProcessingState | '';
  /** Said of many registrations (the bulk change). */
  many?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('staff');
  const hint = state === 'waiting' ? 'state-hint-waiting' : many ? 'bulk-state-hint' : 'state-hint';
  return (
    <div id={id} className={`form-text ${className}`}>
      {t(hint)}
    </div>
  );
}
