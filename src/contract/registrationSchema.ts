/**
 * Validation rules of the registration form: one per field of the model (fields.ts), checked at
 * compile time. Shared by the browser and the server, so it imports nothing browser-only. Every
 * message is a translation key: `<field>-<rule>`. Values are checked, and stored, as normalised
 * here: text as a phone keyboard types it (a space after the last word, a typographic apostrophe)
 * means what it says.
 */
import { boolean, object, string, ValidationError, type Schema } from 'yup';
import { birthdayYear, normaliseBirthday, parseBirthday } from './birthday';
import { fieldNames, registrationFields, type FieldName, type RegistrationValues } from './fields';

/** Set A: Unicode letters (with combining marks), space and , . ' - & / + !, and a letter at least. */
export const letterText = /^(?=.*\p{L})[\p{L}\p{M} ,.'&/+!-]+$/u;
/** Set B: set A's characters plus the digits 0-9. */
export const letterDigitText = /^[\p{L}\p{M}0-9 ,.'&/+!-]+$/u;
/** The birthday as stored: dd.mm.yyyy (birthday.ts reads the other ways it is typed). */
export const birthdayFormat = new RegExp(
  `^(0[1-9]|[12]\\d|3[01])\\.(0[1-9]|1[0-2])\\.${birthdayYear}$`,
);
export const phoneFormat = /^\+?\d[\d ]{5,19}$/;
export const yearFormat = new RegExp(`^${birthdayYear}$`);
/**
 * An e-mail address's local part, as an allow-list: ASCII letters and digits and . _ + -, with no
 * leading, trailing or doubled dot. Everything else (quotes, < > { } / ?, white space, control,
 * bidi and zero-width characters, full-width look-alikes, ; = ( )) is refused, and so is %: a
 * relay that routes user%elsewhere@ onwards would send the confirmation away from EMAIL_DOMAIN.
 */
export const localPart = '[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*';

/** Each text field's length, from one to the other (characters, as normalised). */
export const fieldLengths = {
  firstName: { min: 2, max: 50 },
  lastName: { min: 2, max: 100 },
  phoneNumber: { min: 6, max: 24 },
  email: { min: 10, max: 50 },
  address: { min: 2, max: 50 },
  zipcode: { min: 1, max: 30 },
  city: { min: 2, max: 30 },
  country: { min: 2, max: 100 },
} as const satisfies Partial<Record<FieldName, { min: number; max: number }>>;

export type FieldErrors = Partial<Record<FieldName, string>>;

/** No space at either end, and one between words: phone keyboards add one after a word. */
const collapseSpaces = (value: unknown) =>
  typeof value === 'string' ? value.replace(/ {2,}/g, ' ').replace(/^ | $/g, '') : value;
/** ’ (U+2019, what iOS types) and ʼ (U+02BC) are the apostrophe of sets A and B. */
const plainApostrophes = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[\u2019\u02BC]/g, "'") : value;

function requiredText(field: FieldName) {
  return string()
    .defined()
    .transform(collapseSpaces)
    .test(`${field}-required`, `${field}-required`, (value) => (value ?? '').trim() !== '');
}

type LengthLimitedField = keyof typeof fieldLengths;

function lengthLimitedText(field: LengthLimitedField, pattern: RegExp) {
  const { min, max } = fieldLengths[field];
  return requiredText(field)
    .min(min, `${field}-too-short`)
    .max(max, `${field}-too-long`)
    .matches(pattern, `${field}-format`);
}

/** Names and places: sets A and B, where an apostrophe may be typed typographically. */
function letterField(field: LengthLimitedField, pattern: RegExp) {
  return lengthLimitedText(field, pattern).transform(plainApostrophes);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createRegistrationSchema(emailDomain: string) {
  const emailFormat = new RegExp(`^${localPart}@${escapeRegExp(emailDomain)}$`, 'i');
  const rules = {
    firstName: letterField('firstName', letterText),
    lastName: letterField('lastName', letterText),
    // 5.9.2001 and 2001-09-05 are stored as 05.09.2001; a real calendar day (no 31.02).
    birthday: requiredText('birthday')
      .transform(normaliseBirthday)
      .matches(birthdayFormat, 'birthday-format')
      .test('birthday-format', 'birthday-format', (value) => !value || !!parseBirthday(value)),
    phoneNumber: lengthLimitedText('phoneNumber', phoneFormat),
    email: lengthLimitedText('email', emailFormat),
    address: letterField('address', letterDigitText),
    zipcode: letterField('zipcode', letterDigitText),
    city: letterField('city', letterText),
    country: letterField('country', letterText),
    startedYear: requiredText('startedYear').matches(yearFormat, 'startedYear-format'),
    degreeProgram: requiredText('degreeProgram').oneOf(
      ['', ...registrationFields.degreeProgram.options],
      'degreeProgram-format',
    ),
    terms: boolean().defined().oneOf([true], 'terms-required'),
  } satisfies Record<FieldName, Schema>;
  return object(rules);
}

export type RegistrationSchema = ReturnType<typeof createRegistrationSchema>;

/**
 * The values as they are checked and stored: spaces and apostrophes normalised. A value of the
 * wrong type is left as it is, for the check to refuse.
 */
export function normaliseRegistration(
  schema: RegistrationSchema,
  values: RegistrationValues,
): RegistrationValues {
  return schema.cast(values, { assert: false }) as RegistrationValues;
}

/**
 * The first failing rule's message key per field, as the normalised values are checked; an empty
 * object when the form is valid.
 */
export function validateRegistration(
  schema: RegistrationSchema,
  values: RegistrationValues,
): FieldErrors {
  try {
    schema.validateSync(normaliseRegistration(schema, values), { abortEarly: false, strict: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors = {};
    for (const failure of error.inner) {
      const field = failure.path as FieldName;
      errors[field] ??= failure.message;
    }
    return orderedByField(errors);
  }
}

function orderedByField(errors: FieldErrors): FieldErrors {
  const ordered: FieldErrors = {};
  for (const name of fieldNames) if (errors[name]) ordered[name] = errors[name];
  return ordered;
}
