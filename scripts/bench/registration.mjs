/**
 * Distinct valid submissions in exactly the SPA's request form: the body that
 * src/api/onboardingQuery.ts (buildCreateOnboardingFormBody) builds, values inline in the query
 * text, variables empty. The values pass src/features/registration/schema.ts.
 */

/** The form's fields in its order (src/features/registration/fields.ts). */
const fieldNames = [
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
  'terms',
];

const operationName = 'createOnboardingForm';

/** The same text as the SPA's body: JSON string literals are valid GraphQL string literals. */
export function createOnboardingFormBody(values) {
  const data = fieldNames
    .map((name) => {
      const value = values[name];
      return `${name}: ${typeof value === 'boolean' ? String(value) : JSON.stringify(value)}`;
    })
    .join(', ');
  const query =
    `mutation ${operationName} { createOnboardingForm(data: {${data}}) ` +
    `{ ${fieldNames.join(' ')} } }`;
  return JSON.stringify({ operationName, variables: {}, query });
}

/** A number in letters (0 → "a", 25 → "z", 26 → "ba"): names allow no digits. */
export function inLetters(number) {
  let text = '';
  do {
    text = String.fromCharCode(97 + (number % 26)) + text;
    number = Math.floor(number / 26);
  } while (number > 0);
  return text;
}

/** The n-th submission: its first name and email carry n, so that no two are identical. */
export function registration(n) {
  const tag = inLetters(n);
  return {
    firstName: `Bench ${tag}`,
    lastName: 'Nyström',
    birthday: '29.02.2000',
    phoneNumber: '+358 40 123 4567',
    email: `bench.${tag}@example.edu`,
    address: 'Sjögatan 12 B 4',
    zipcode: '00100',
    city: 'Helsingfors',
    country: 'Finland',
    startedYear: '2025',
    degreeProgram: 'IT',
    terms: true,
  };
}

/** The XSRF-TOKEN cookie that GET / issues, and the headers that echo it as the SPA does. */
export async function xsrfHeaders(url) {
  const response = await fetch(`${url}/`);
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('GET / set no XSRF-TOKEN cookie');
  return {
    cookie,
    'x-xsrf-token': cookie.slice('XSRF-TOKEN='.length),
    'content-type': 'application/json',
  };
}
