/**
 * The registration (onboarding) form's model: every field once, in the order the form shows them,
 * with how it is asked for and how a browser may fill it in. The form's controls, the request
 * body, the GraphQL input type, the database columns (server/db/fieldColumns.ts) and the test
 * fixtures derive from it; the validation rules (registrationSchema.ts) are checked against it.
 * Adding a field is one entry here, a rule, its translations, a migration and a column at the end
 * of the exports' (server/operations/exportColumns.ts, a contract with the programs reading them).
 */
export const degreePrograms = ['IA', 'IT', 'EMT', 'PMT', 'MSE', 'MIDS', 'MTH', 'EASE'] as const;
export type DegreeProgram = (typeof degreePrograms)[number];

/** A programme as the applicant reads it (the form, /my, the emails): code, dash, name. */
export const programmeWithCode = (code: string, name: string) => `${code} – ${name}`;

export interface FieldSpec {
  /** text: a one-line input; select: one of `options`; checkbox: a boolean. */
  kind: 'text' | 'select' | 'checkbox';
  /** The fieldset it belongs to; its legend is the translation `form.<section>-heading`. */
  section: 'personal' | 'contact' | 'study' | 'terms';
  /** The HTML autocomplete token (WCAG 1.3.5 Identify Input Purpose). */
  autoComplete?: string;
  inputType?: 'text' | 'email' | 'tel';
  /** The HTML inputmode attribute: which on-screen keyboard to offer. */
  inputMode?: 'none' | 'text' | 'decimal' | 'numeric' | 'tel' | 'search' | 'email' | 'url';
  /** Shows the translation `form.<field>-hint` under the label. */
  hasHint?: boolean;
  options?: readonly string[];
}

export const registrationFields = {
  firstName: {
    kind: 'text',
    section: 'personal',
    autoComplete: 'given-name',
  },
  lastName: { kind: 'text', section: 'personal', autoComplete: 'family-name' },
  birthday: {
    kind: 'text',
    section: 'personal',
    autoComplete: 'bday',
    inputMode: 'decimal',
    hasHint: true,
  },
  phoneNumber: {
    kind: 'text',
    section: 'contact',
    autoComplete: 'tel',
    inputType: 'tel',
    hasHint: true,
  },
  email: {
    kind: 'text',
    section: 'contact',
    autoComplete: 'email',
    inputType: 'email',
    hasHint: true,
  },
  address: { kind: 'text', section: 'contact', autoComplete: 'address-line1' },
  zipcode: { kind: 'text', section: 'contact', autoComplete: 'postal-code' },
  city: { kind: 'text', section: 'contact', autoComplete: 'address-level2' },
  country: { kind: 'text', section: 'contact', autoComplete: 'country-name' },
  startedYear: {
    kind: 'text',
    section: 'study',
    autoComplete: 'off',
    inputMode: 'numeric',
    hasHint: true,
  },
  degreeProgram: {
    kind: 'select',
    section: 'study',
    options: degreePrograms,
  },
  terms: { kind: 'checkbox', section: 'terms' },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof registrationFields;
export type FieldName = keyof Fields;
type FieldsOfKind<Kind> = {
  [Name in FieldName]: Fields[Name]['kind'] extends Kind ? Name : never;
}[FieldName];

/** Typed into a one-line input. */
export type TextFieldName = FieldsOfKind<'text'>;
/** Sent and stored as a string (text and select). */
export type StringFieldName = FieldsOfKind<'text' | 'select'>;

export type RegistrationValues = Record<StringFieldName, string> &
  Record<FieldsOfKind<'checkbox'>, boolean>;

export const fieldNames = Object.keys(registrationFields) as FieldName[];

export const fieldSpec = (name: FieldName): FieldSpec => registrationFields[name];

export const isStringField = (name: FieldName): name is StringFieldName =>
  fieldSpec(name).kind !== 'checkbox';

export const stringFieldNames = fieldNames.filter(isStringField);

export const textFieldNames = fieldNames.filter(
  (name): name is TextFieldName => fieldSpec(name).kind === 'text',
);

export const emptyValues = Object.fromEntries(
  fieldNames.map((name) => [name, isStringField(name) ? '' : false]),
) as RegistrationValues;

/** Narrows unknown data (storage, a request) to form values; anything else yields undefined. */
export function toRegistrationValues(data: unknown): RegistrationValues | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const valid = fieldNames.every(
    (name) => typeof record[name] === (isStringField(name) ? 'string' : 'boolean'),
  );
  return valid
    ? (Object.fromEntries(fieldNames.map((name) => [name, record[name]])) as RegistrationValues)
    : undefined;
}
