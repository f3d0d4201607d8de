/**
 * createOnboardingForm texts that the SPA would never send: values written as arbitrary GraphQL
 * literals (an Int, an object, null), fields left out or added, values passed as variables.
 */
import type { RegistrationValues } from '../../src/contract/fields';

export type Literals = Record<string, string>;

/** Each value as the GraphQL literal the SPA writes: a quoted string, or true/false. */
export function literalsOf(registration: RegistrationValues): Literals {
  return Object.fromEntries(
    Object.entries(registration).map(([name, value]) => [
      name,
      typeof value === 'string' ? JSON.stringify(value) : String(value),
    ]),
  );
}

export function without(literals: Literals, name: string): Literals {
  return Object.fromEntries(Object.entries(literals).filter(([key]) => key !== name));
}

/** `createOnboardingForm(data: {…}) { firstName }`, to be put in an operation. */
export function createField(literals: Literals, alias?: string): string {
  const data = Object.entries(literals)
    .map(([name, literal]) => `${name}: ${literal}`)
    .join(', ');
  return `${alias ? `${alias}: ` : ''}createOnboardingForm(data: {${data}}) { firstName }`;
}

export function mutationWithLiterals(literals: Literals): string {
  return `mutation createOnboardingForm { ${createField(literals)} }`;
}

/** The same mutation with its data in a variable, where no GraphQL escaping applies. */
export function bodyWithVariables(data: unknown) {
  return {
    operationName: 'createOnboardingForm',
    query:
      'mutation createOnboardingForm($data: OnboardingFormInput!) ' +
      '{ createOnboardingForm(data: $data) { firstName } }',
    variables: { data },
  };
}
