/**
 * The rules' messages (registrationSchema.ts's keys, such as `phoneNumber-format`) as people read
 * them, from the form's translations: beside a field, and in an error summary that names it. The
 * applicant's error summary and the console's corrections say the same (the form's fields, in the
 * start page's script, write the message out themselves: useField.ts).
 */
import type { TFunction } from 'i18next';
import { config } from '../../config';
import { fieldSpec, type FieldName } from '../../contract/fields';

/** A rule's message, in the form's translations (the default namespace). */
export const fieldMessage = (t: TFunction, key: string) =>
  t(`validation.${key}`, { ns: 'translation', domain: config.emailDomain });

/** A field's name, as its label gives it; the checkbox's label is a sentence, its legend a name. */
export function fieldNameKey(field: FieldName): string {
  const { kind, section } = fieldSpec(field);
  return kind === 'checkbox' ? `form.${section}-heading` : `form.${field}-label`;
}

/** "Efternamn: använd bara bokstäver …": several fields share a message, so each names its own. */
export const summaryEntry = (name: string, message: string, language: string) =>
  `${name}: ${message.charAt(0).toLocaleLowerCase(language)}${message.slice(1)}`;
