/** @jest-environment node */
import { withoutSubmittedValues } from '../../server/graphql/errors';

describe('GraphQL error messages', () => {
  it.each([
    [
      'String cannot represent a non string value: 358401234567',
      'String cannot represent a non string value.',
    ],
    [
      'Boolean cannot represent a non boolean value: "yes please"',
      'Boolean cannot represent a non boolean value.',
    ],
    [
      'Expected value of type "Boolean!", found "yes please".',
      'Expected value of type "Boolean!".',
    ],
    [
      'Variable "$data" got invalid value { email: "x@y" }; Expected type',
      'Variable "$data" got invalid value.',
    ],
    [
      'Field "nickname" is not defined by type "OnboardingFormInput".',
      'Field is not defined by type "OnboardingFormInput".',
    ],
    ['Cannot query field "apiVersio" on type "Query".', 'Cannot query field on type "Query".'],
  ])('cut the submitted value or name from %p', (message, expected) => {
    expect(withoutSubmittedValues(message)).toBe(expected);
  });

  it.each([
    'Field "OnboardingFormInput.terms" of required type "Boolean!" was not provided.',
    'Variable "$data" of required type "OnboardingFormInput!" was not provided.',
    'At most 1 root field per request.',
  ])('keep %p, which quotes only what the schema defines', (message) => {
    expect(withoutSubmittedValues(message)).toBe(message);
  });
});
