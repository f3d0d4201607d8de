/**
 * One parse per request, one validation per shape of query. The SPA writes the form's values into
 * the query text (SPEC §7), so every submission is a new text. Here the text is parsed once (with
 * the token limit) and its string and boolean argument values are lifted into variables: every
 * submission becomes the same normalised text, which mercurius parses and validates once and then
 * finds in its cache. The normalised text holds no values, so neither does the cache.
 */
import {
  BREAK,
  getNamedType,
  GraphQLBoolean,
  GraphQLError,
  GraphQLID,
  GraphQLString,
  Kind,
  parse,
  parseType,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type BooleanValueNode,
  type DocumentNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type StringValueNode,
  type VariableDefinitionNode,
  type VariableNode,
} from 'graphql';
import { queryLimits } from './limits';

export type LiftedRequest =
  { query: string; variables: Record<string, unknown> } | { syntaxError: GraphQLError };

/** Whether a place of this type takes this literal as a variable value too. */
function takes(type: GraphQLNamedType, node: StringValueNode | BooleanValueNode): boolean {
  return node.kind === Kind.BOOLEAN
    ? type === GraphQLBoolean
    : type === GraphQLString || type === GraphQLID;
}

/** The text parsed with the token limit, its literals lifted where their input type is known. */
export function liftLiterals(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown> | undefined,
): LiftedRequest {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: queryLimits.maxTokens });
  } catch (error) {
    if (error instanceof GraphQLError) return { syntaxError: error };
    throw error;
  }

  // Only a single operation with no fragments: anything else keeps its own text.
  const [only, ...others] = document.definitions;
  if (others.length > 0 || only?.kind !== Kind.OPERATION_DEFINITION) {
    return { query, variables: variables ?? {} };
  }

  const lifted: Record<string, unknown> = { ...variables };
  const definitions: VariableDefinitionNode[] = [];
  const typeInfo = new TypeInfo(schema);
  let clash = false;
  const lift = (node: StringValueNode | BooleanValueNode) => {
    const type = typeInfo.getInputType();
    // A literal of a kind its place does not take stays, for validation to report as written.
    if (!type || !takes(getNamedType(type), node)) return undefined;
    const name = `lifted_${definitions.length}`;
    if (variables && name in variables) {
      clash = true;
      return BREAK;
    }
    const variable: VariableNode = { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } };
    lifted[name] = node.value;
    definitions.push({ kind: Kind.VARIABLE_DEFINITION, variable, type: parseType(String(type)) });
    return variable;
  };
  const withVariables = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      // A default value must stay a literal.
      VariableDefinition: () => false,
      StringValue: lift,
      BooleanValue: lift,
    }),
  );
  if (clash || definitions.length === 0) return { query, variables: variables ?? {} };

  const normalised = visit(withVariables, {
    OperationDefinition: (operation) => ({
      ...operation,
      variableDefinitions: [...(operation.variableDefinitions ?? []), ...definitions],
    }),
  });
  return { query: print(normalised), variables: lifted };
}
