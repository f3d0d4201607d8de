/** The twelve fields of the registration (onboarding) form, in the order the form shows them. */
export const textFieldNames = [
  'firstName',
  'lastName',
  'birthday',
  'phoneNumber',
  'email',
  'address',
  'zipcode',
  'city',
  'country',
  'startedYear',
  'degreeProgram',
] as const;

export const fieldNames = [...textFieldNames, 'terms'] as const;

export type TextFieldName = (typeof textFieldNames)[number];
export type FieldName = (typeof fieldNames)[number];

export type RegistrationValues = Record<TextFieldName, string> & { terms: boolean };

export const degreePrograms = ['IA', 'IT', 'EMT', 'PMT', 'MSE', 'MIDS', 'MTH', 'EASE'] as const;

export const emptyValues: RegistrationValues = {
  firstName: '',
  lastName: '',
  birthday: '',
  phoneNumber: '',
  email: '',
  address: '',
  zipcode: '',
  city: '',
  country: '',
  startedYear: '',
  degreeProgram: '',
  terms: false,
};

/** Narrows unknown data (storage, a request) to form values; anything else yields undefined. */
export function toRegistrationValues(data: unknown): RegistrationValues | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const values = { ...emptyValues };
  for (const name of textFieldNames) {
    if (typeof record[name] !== 'string') return undefined;
    values[name] = record[name];
  }
  if (typeof record.terms !== 'boolean') return undefined;
  values.terms = record.terms;
  return values;
}
