import { initialLanguageState } from '../features/language/languageSlice';
import { isOffered } from '../features/language/offeredLanguages';
import { toRegistrationValues } from '../contract/fields';
import {
  initialRegistrationState,
  registrationStateFor,
} from '../features/registration/registrationSlice';
import { readStored, readStoredJson, storageKeys } from './storage';
import type { RootState } from './store';

/** The state saved in sessionStorage; anything missing, corrupt or foreign falls back to defaults. */
export function loadPersistedState(): Pick<RootState, 'language' | 'registration'> {
  const language = readStored(storageKeys.language);
  const values = toRegistrationValues(readStoredJson(storageKeys.formData));
  return {
    language: isOffered(language) ? { current: language } : initialLanguageState(),
    registration: values ? registrationStateFor(values) : initialRegistrationState,
  };
}
