/** @jest-environment node */
import { buildSchema } from 'graphql';
import { createLiteralLifter } from '../../server/graphql/liftLiterals';
import { schema as schemaText } from '../../server/graphql/schema';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { validRegistration } from '../../testing/registrations';

const schema = buildSchema(schemaText);

describe('lifting the literals of a query into variables', () => {
  let liftLiterals: ReturnType<typeof createLiteralLifter>;
  beforeEach(() => {
    liftLiterals = createLiteralLifter(schema);
  });

  it('gives every SPA submission the same text, with no value in it', () => {
    const first = validRegistration();
    const second = validRegistration({ terms: false, city: 'Åbo' });

    const [one, two] = [first, second].map((values) =>
      liftLiterals(buildCreateOnboardingFormBody(values).query, undefined),
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
    expect(liftLiterals('mutation {', undefined)).toEqual({
      syntaxError: expect.objectContaining({ message: expect.stringContaining('Syntax Error') }),
    });
    const flood = `{ ${'apiVersion '.repeat(600)}}`;
    expect(liftLiterals(flood, undefined)).toEqual({
      syntaxError: expect.objectContaining({ message: expect.stringContaining('tokens') }),
    });
  });

  it('leaves a text alone when a literal is of a kind its place does not take', () => {
    const query = 'mutation { createOnboardingForm(data: { terms: "yes" }) { terms } }';

    expect(liftLiterals(query, undefined)).toEqual({ query, variables: {} });
  });

  it('keeps the variables sent, and default values as literals', () => {
    const query = `mutation($city: String = "Vasa") {
      createOnboardingForm(data: { city: $city, country: "Finland" }) { city }
    }`;

    const lifted = liftLiterals(query, { city: 'Åbo' });

    if ('syntaxError' in lifted) throw new Error('not parsed');
    expect(lifted.variables).toEqual({ city: 'Åbo', lifted_0: 'Finland' });
    expect(lifted.query).toContain('$city: String = "Vasa"');
    expect(lifted.query).toContain('$lifted_0: String!');
  });

  it('lifts a known shape from its tokens alone, as the parse would', () => {
    const [first, second] = [validRegistration(), validRegistration({ city: 'Åbo', terms: false })];
    const firstLifted = liftLiterals(buildCreateOnboardingFormBody(first).query, undefined);
    // Same shape, other spacing, a comment and a block string: lexed, not parsed.
    const query = buildCreateOnboardingFormBody(second)
      .query.replace('{', '{ # a comment\n')
      .replace('"Åbo"', '"""\n    Åbo\n  """');
    const fromShape = liftLiterals(query, { other: 1 });

    expect(fromShape).toEqual(createLiteralLifter(schema)(query, { other: 1 }));
    if ('syntaxError' in firstLifted || 'syntaxError' in fromShape) throw new Error('not parsed');
    expect(fromShape.query).toBe(firstLifted.query);
    expect(fromShape.variables).toEqual({ other: 1, ...lifted(second) });
  });

  it('keeps no shape whose literals were not all lifted, nor one whose names clash', () => {
    const query = (terms: string) =>
      `mutation { createOnboardingForm(data: { city: "Vasa", terms: ${terms} }) { terms } }`;
    const parsedAlone = (text: string, variables?: Record<string, unknown>) =>
      createLiteralLifter(schema)(text, variables);

    liftLiterals(query('"yes"'), undefined);
    expect(liftLiterals(query('"no"'), undefined)).toEqual(parsedAlone(query('"no"')));

    liftLiterals(query('true'), undefined);
    const clash = { lifted_1: 'mine' };
    expect(liftLiterals(query('false'), clash)).toEqual({
      query: query('false'),
      variables: clash,
    });
  });
});

/** The variables the lifter makes for an SPA submission: the values in the fields' order. */
function lifted(values: Record<string, unknown>) {
  return Object.fromEntries(
    Object.values(values).map((value, index) => [`lifted_${index}`, value]),
  );
}
