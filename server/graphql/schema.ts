/** The GraphQL API: one mutation that stores a registration. Nothing personal can be read back. */
import { fieldNames, isStringField } from '../../src/contract/fields';

const formFields = fieldNames
  .map((name) => `  ${name}: ${isStringField(name) ? 'String' : 'Boolean'}!`)
  .join('\n');

export const schema = `
type Query {
  "Version of this API. The query root deliberately exposes nothing else."
  apiVersion: String!
}

"A registration as the form sends it: the twelve fields, all required."
input OnboardingFormInput {
${formFields}
}

"The stored registration."
type OnboardingForm {
${formFields}
}

type Mutation {
  "Validates and stores a registration; answers once it is committed. Resubmitting it is harmless. Non-null: a refused registration leaves no data, so its status is a 4xx."
  createOnboardingForm(data: OnboardingFormInput!): OnboardingForm!
}
`;
