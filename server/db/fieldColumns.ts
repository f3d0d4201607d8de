import type { FieldName } from '../../src/contract/fields';

/** A form field's column in the registrations table: its name in snake case (phoneNumber: phone_number). */
export const columnOf = (field: FieldName): string =>
  field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
