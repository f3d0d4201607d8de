/** The options of the console's selects for a state and for a person, named as the staff read them. */
import { useTranslation } from 'react-i18next';
import type { Person } from '../../contract/consoleApiSchemas';
import { processingStates } from '../../contract/processing';
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
