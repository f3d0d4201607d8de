import { Kind, parse, type ObjectValueNode, type OperationDefinitionNode } from 'graphql';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { fieldNames } from '../../src/contract/fields';
import { validValues } from '../../testing/registrations';

/** The `data` argument's fields, as the GraphQL parser reads them back from the query text. */
function parsedData(query: string) {
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  const field = operation.selectionSet.selections[0];
  if (field.kind !== Kind.FIELD) throw new Error('expected a field');
  const data = field.arguments![0].value as ObjectValueNode;
  return {
    operation,
    field,
    values: Object.fromEntries(
      data.fields.map((entry) => [
        entry.name.value,
        'value' in entry.value ? entry.value.value : undefined,
      ]),
    ),
    kinds: Object.fromEntries(data.fields.map((entry) => [entry.name.value, entry.value.kind])),
  };
}

describe('createOnboardingForm request body', () => {
  it('names the operation, leaves variables empty and selects the twelve fields', () => {
    const body = buildCreateOnboardingFormBody(validValues);
    expect(body.operationName).toBe('createOnboardingForm');
    expect(body.variables).toEqual({});
    const { operation, field } = parsedData(body.query);
    expect(operation.operation).toBe('mutation');
    expect(operation.name?.value).toBe('createOnboardingForm');
    if (field.kind !== Kind.FIELD) throw new Error('expected a field');
    expect(field.name.value).toBe('createOnboardingForm');
    expect(
      field.selectionSet?.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : '')),
    ).toEqual([...fieldNames]);
  });

  it('writes the values inline, terms as an unquoted boolean', () => {
    const { values, kinds } = parsedData(buildCreateOnboardingFormBody(validValues).query);
    expect(values).toEqual(validValues);
    expect(kinds.terms).toBe(Kind.BOOLEAN);
    expect(kinds.firstName).toBe(Kind.STRING);
  });

  it('keeps a hostile value inside its string literal', () => {
    const hostile = {
      ...validValues,
      firstName: '"}) { __typename } } mutation x { createOnboardingForm(data: {firstName: "',
      lastName: 'back\\slash "quote" \n newline \t tab \u0000 nul',
      city: '"""block""" ${injection} # comment',
      address: '\u2028 line separator 😀',
    };
    const body = buildCreateOnboardingFormBody(hostile);
    const document = parse(body.query);
    expect(document.definitions).toHaveLength(1);
    expect(parsedData(body.query).values).toEqual(hostile);
  });
});
