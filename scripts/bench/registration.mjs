/**
 * Distinct valid submissions in exactly the SPA's request form, built by the SPA's own code
 * (run under tsx, which loads the TypeScript sources).
 */
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery.ts';
import { emailDomain, inLetters, validRegistration } from '../../testing/registrations.ts';

/** The request body exactly as the SPA sends it. */
export function createOnboardingFormBody(values) {
  return JSON.stringify(buildCreateOnboardingFormBody(values));
}

/** The n-th submission: its first name and email carry n, so that no two are identical. */
export function registration(n) {
  const tag = inLetters(n);
  return validRegistration({ firstName: `Bench ${tag}`, email: `bench.${tag}@${emailDomain}` });
}
