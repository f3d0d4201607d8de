import { fieldNames, type RegistrationValues } from './fields';

export const operationName = 'createOnboardingForm';

/**
 * A GraphQL string literal. JSON's string escaping is a subset of GraphQL's, so no value can
 * leave its quotes and change the structure of the query.
 */
function stringLiteral(value: string): string {
  return JSON.stringify(value);
}

/** The request body as the API expects it: values inline in the query text, variables unused. */
export function buildCreateOnboardingFormBody(values: RegistrationValues) {
  const data = fieldNames
    .map((name) => {
      const value = values[name];
      return `${name}: ${typeof value === 'boolean' ? String(value) : stringLiteral(value)}`;
    })
    .join(', ');
  const query =
    `mutation ${operationName} { createOnboardingForm(data: {${data}}) ` +
    `{ ${fieldNames.join(' ')} } }`;
  return { operationName, variables: {}, query };
}
