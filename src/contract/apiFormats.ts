/**
 * The formats the JSON APIs (the integration API, the staff API) share, as TypeBox schemas with
 * their patterns: times, days, ids and the form's twelve fields as stored. The documents state
 * each one, and the contract test holds every answer to them.
 */
import { Type, type TBoolean, type TString } from 'typebox';
import { degreePrograms, fieldNames, isStringField, type StringFieldName } from './fields';
import type { FieldName } from './fields';
import {
  birthdayFormat,
  fieldLengths,
  letterDigitText,
  letterText,
  localPart,
  phoneFormat,
  yearFormat,
} from './registrationSchema';

/** How every API answer writes a time: UTC, to the millisecond (Date's toISOString). */
const utcTimePattern = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';

/** A time in an answer: always UTC (the CSV and the audit log command show TIME_ZONE's instead). */
export const timeSchema = (description: string) =>
  Type.String({
    format: 'date-time',
    pattern: utcTimePattern,
    description: `${description}; in UTC, to the millisecond`,
    examples: ['2026-11-26T19:00:00.000Z'],
  });

/** A time asked for: ISO 8601 with its offset (Z or ±hh:mm); a day alone is refused. */
export const queryTimeSchema = (description: string) =>
  Type.String({
    format: 'date-time',
    description: `${description}; a date and time with its offset (Z or +02:00, written %2B02:00)`,
    examples: ['2026-11-01T00:00:00Z'],
  });

/** A day as the calendar writes it, YYYY-MM-DD. */
export const daySchema = (description: string) =>
  Type.String({
    format: 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description,
  });

/** A row's id: a whole number from 1, within what a JSON number holds exactly. */
export const idSchema = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });

/** The code an applicant quotes: 8 characters without look-alikes (0/O, 1/I/L). */
export const referenceSchema = (description = 'The code the applicant quotes to the staff') =>
  Type.String({ pattern: '^[2-9A-HJKMNP-Z]{8}$', description, examples: ['K9ZGW5NK'] });

/** An id in a path (the validator coerces nothing): its digits. */
export const idParamSchema = Type.String({ pattern: '^[1-9][0-9]{0,8}$', examples: ['1'] });

/** The form's lengths of a field, as JSON Schema names them. */
const lengthsOf = (name: keyof typeof fieldLengths) => ({
  minLength: fieldLengths[name].min,
  maxLength: fieldLengths[name].max,
});

const textField = (name: keyof typeof fieldLengths, pattern: RegExp, description: string) =>
  Type.String({ ...lengthsOf(name), pattern: pattern.source, description });

type RegistrationValueProperties = { [Name in StringFieldName]: TString } & {
  [Name in Exclude<FieldName, StringFieldName>]: TBoolean;
};

/** The form's twelve fields as stored: what the form's rules let through, normalised. */
const storedFieldSchemas = {
  firstName: textField('firstName', letterText, "Letters, space and , . ' - & / + !"),
  lastName: textField('lastName', letterText, "Letters, space and , . ' - & / + !"),
  birthday: Type.String({
    pattern: birthdayFormat.source,
    description: 'dd.mm.yyyy, a day that exists (as the form asks for it; not ISO 8601)',
    examples: ['24.12.2001'],
  }),
  phoneNumber: textField('phoneNumber', phoneFormat, 'Digits and spaces, + first if given'),
  email: Type.String({
    ...lengthsOf('email'),
    pattern: `^${localPart}@[^@\\s]+$`,
    description: 'An address at EMAIL_DOMAIN',
  }),
  address: textField('address', letterDigitText, 'The street address'),
  zipcode: textField('zipcode', letterDigitText, 'The postal code'),
  city: textField('city', letterText, 'The city'),
  country: textField('country', letterText, 'The country'),
  startedYear: Type.String({
    pattern: yearFormat.source,
    description: 'yyyy: the year the studies start',
  }),
  degreeProgram: Type.String({
    enum: [...degreePrograms],
    description: 'The degree programme applied to',
  }),
  terms: Type.Boolean({ description: 'The terms accepted (always true once stored)' }),
} satisfies RegistrationValueProperties;

/** The form's fields in an answer, with their formats. */
export const registrationValueProperties: RegistrationValueProperties = storedFieldSchemas;

/**
 * The form's fields as a correction sends them: only their types, so that the form's own rules
 * judge each one and name it (422 with a message key per field), as the form does.
 */
export const correctedValueProperties = Object.fromEntries(
  fieldNames.map((name) => [name, isStringField(name) ? Type.String() : Type.Boolean()]),
) as RegistrationValueProperties;
