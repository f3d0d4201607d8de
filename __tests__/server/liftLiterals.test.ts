/** @jest-environment node */
import { buildSchema } from 'graphql';
import { liftLiterals } from '../../server/graphql/liftLiterals';
import { schema as schemaText } from '../../server/graphql/schema';
import { buildCreateOnboardingFormBody } from '../../src/api/onboardingQuery';
import { validRegistration } from '../../testing/registrations';

const schema = buildSchema(schemaText);

describe('lifting the literals of a query into variables', () => {
  it('gives every SPA submission the same text, with no value in it', () => {
    const first = validRegistration();
    const second = validRegistration({ terms: false, city: 'Åbo' });

    const [one, two] = [first, second].map((values) =>
      liftLiterals(schema, buildCreateOnboardingFormBody(values).query, undefined),
    );

    if ('syntaxError' in one || 'syntaxError' in two) throw new Error('not parsed');
    expect(one.query).toBe(two.query);
    for (const value of Object.values(first)) {
      if (typeof value === 'string') expect(one.query).not.toContain(value);
    }
    expect(Object.values(one.variables)).toEqual(Object.values(first));
    expect(Object.values(two.variables)).toEqual(Object.values(second));
  });

  it('reports a syntax error, or too many tokens, without going further', () => {
    expect(liftLiterals(schema, 'mutation {', undefined)).toEqual({
      syntaxError: expect.objectContaining({ message: expect.stringContaining('Syntax Error') }),
    });
    const flood = `{ ${'apiVersion '.repeat(600)}}`;
    expect(liftLiterals(schema, flood, undefined)).toEqual({
      syntaxError: expect.objectContaining({ message: expect.stringContaining('tokens') }),
    });
  });

  it('leaves a text alone when a literal is of a kind its place does not take', () => {
    const query = 'mutation { createOnboardingForm(data: { terms: "yes" }) { terms } }';

    expect(liftLiterals(schema, query, undefined)).toEqual({ query, variables: {} });
  });

  it('keeps the variables sent, and default values as literals', () => {
    const query = `mutation($city: String = "Vasa") {
      createOnboardingForm(data: { city: $city, country: "Finland" }) { city }
    }`;

    const lifted = liftLiterals(schema, query, { city: 'Åbo' });

    if ('syntaxError' in lifted) throw new Error('not parsed');
    expect(lifted.variables).toEqual({ city: 'Åbo', lifted_0: 'Finland' });
    expect(lifted.query).toContain('$city: String = "Vasa"');
    expect(lifted.query).toContain('$lifted_0: String!');
  });
});
