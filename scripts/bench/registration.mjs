/**
 * Distinct valid submissions in exactly the SPA's request form, built by the SPA's own code
 * (run under tsx, which loads the TypeScript sources).
 */
import { buildCreateOnboardingFormBody } from '../../src/api/onboardingQuery.ts';
import { inLetters, validRegistration } from '../../e2e/support/form.ts';

/** The request body exactly as the SPA sends it. */
export function createOnboardingFormBody(values) {
  return JSON.stringify(buildCreateOnboardingFormBody(values));
}

/** The n-th submission: its first name and email carry n, so that no two are identical. */
export function registration(n) {
  const tag = inLetters(n);
  return validRegistration({ firstName: `Bench ${tag}`, email: `bench.${tag}@example.edu` });
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
