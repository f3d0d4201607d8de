/**
 * One parse per request, one validation per shape of query. The SPA writes the form's values into
 * the query text, not into variables (src/contract/onboardingQuery.ts), so every submission is a
 * new text. Here its string and boolean argument values are lifted into variables: every
 * submission becomes the same normalised text, which mercurius parses and validates once and then
 * finds in its cache.
 *
 * Lifting walks the parsed document with the schema's types, which costs some 25 times a parse;
 * so the first request of a shape is parsed and lifted, and the normalised text is kept under the
 * shape's tokens with every string and boolean literal blanked out. A later request of that shape
 * is only lexed (with the same token limit) and its literals fill the same variables. Neither the
 * shapes nor the normalised texts hold values.
 */
import {
  BREAK,
  getNamedType,
  GraphQLBoolean,
  GraphQLError,
  GraphQLID,
  GraphQLString,
  Kind,
  Lexer,
  parse,
  parseType,
  print,
  Source,
  TokenKind,
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

export type LiteralLifter = (
  query: string,
  variables: Record<string, unknown> | undefined,
) => LiftedRequest;

/** Shapes remembered; made-up ones must not fill memory. */
const maxShapes = 256;

const liftedName = (index: number) => `lifted_${index}`;

/**
 * The tokens of a text with its string and boolean literals blanked out, and those literals in
 * order; undefined when the lexer fails or the token limit is passed, which the parse reports.
 */
function readShape(query: string): { key: string; literals: (string | boolean)[] } | undefined {
  const lexer = new Lexer(new Source(query));
  const parts: string[] = [];
  const literals: (string | boolean)[] = [];
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (parts.length === queryLimits.maxTokens) return undefined;
      if (token.kind === TokenKind.STRING || token.kind === TokenKind.BLOCK_STRING) {
        parts.push('<string>');
        literals.push(token.value);
      } else if (
        token.kind === TokenKind.NAME &&
        (token.value === 'true' || token.value === 'false')
      ) {
        // `true` may also name a field; then the parse lifts fewer literals and nothing is kept.
        parts.push('<boolean>');
        literals.push(token.value === 'true');
      } else {
        parts.push(token.value ?? token.kind); // a punctuator has no value
      }
    }
  } catch {
    return undefined;
  }
  return { key: parts.join(' '), literals };
}

/** Lifts literals for one schema, remembering the shapes it has lifted. */
export function createLiteralLifter(schema: GraphQLSchema): LiteralLifter {
  const shapes = new Map<string, string>();

  return (query, variables) => {
    const shape = readShape(query);
    const known = shape && shapes.get(shape.key);
    if (shape && known !== undefined) {
      // The parse lifts in document order, so the n-th literal of the text became lifted_n.
      const names = shape.literals.map((_value, index) => liftedName(index));
      if (!names.some((name) => variables && name in variables)) {
        const lifted: Record<string, unknown> = { ...variables };
        shape.literals.forEach((value, index) => (lifted[names[index]] = value));
        return { query: known, variables: lifted };
      }
    }
    const { request, liftedCount } = liftByParsing(schema, query, variables);
    // Kept only when every blanked literal was lifted: then the text holds none of them.
    if (shape && liftedCount > 0 && liftedCount === shape.literals.length && 'query' in request) {
      if (shapes.size === maxShapes) shapes.delete(shapes.keys().next().value as string); // the oldest
      shapes.set(shape.key, request.query);
    }
    return request;
  };
}

/** The text parsed with the token limit, its literals lifted where their input type is known. */
function liftByParsing(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown> | undefined,
): { request: LiftedRequest; liftedCount: number } {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: queryLimits.maxTokens });
  } catch (error) {
    if (error instanceof GraphQLError) return { request: { syntaxError: error }, liftedCount: 0 };
    throw error;
  }

  // Only a single operation with no fragments: anything else keeps its own text.
  const [only, ...others] = document.definitions;
  if (others.length > 0 || only?.kind !== Kind.OPERATION_DEFINITION) {
    return { request: { query, variables: variables ?? {} }, liftedCount: 0 };
  }

  const lifted: Record<string, unknown> = { ...variables };
  const definitions: VariableDefinitionNode[] = [];
  const typeInfo = new TypeInfo(schema);
  let clash = false;
  const lift = (node: StringValueNode | BooleanValueNode) => {
    const type = typeInfo.getInputType();
    // A literal of a kind its place does not take stays, for validation to report as written.
    if (!type || !takes(getNamedType(type), node)) return undefined;
    const name = liftedName(definitions.length);
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
  if (clash || definitions.length === 0) {
    return { request: { query, variables: variables ?? {} }, liftedCount: 0 };
  }

  const normalised = visit(withVariables, {
    OperationDefinition: (operation) => ({
      ...operation,
      variableDefinitions: [...(operation.variableDefinitions ?? []), ...definitions],
    }),
  });
  return {
    request: { query: print(normalised), variables: lifted },
    liftedCount: definitions.length,
  };
}
