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
    ['Syntax Error: Unexpected Name "Nyström".', 'Syntax Error: Unexpected Name.'],
    [
      'Syntax Error: Invalid character escape sequence: "\\z".',
      'Syntax Error: Invalid character escape sequence.',
    ],
  ])('cut the submitted value from %p', (message, expected) => {
    expect(withoutSubmittedValues(message)).toBe(expected);
  });

  it.each([
    'Field "OnboardingFormInput.terms" of required type "Boolean!" was not provided.',
    'Field "nickname" is not defined by type "OnboardingFormInput".',
    'Syntax Error: Unterminated string.',
    'At most 1 root field per request.',
  ])('keep %p, which quotes no value', (message) => {
    expect(withoutSubmittedValues(message)).toBe(message);
  });
});
