/**
 * Cheap refusals for oversized operations. The SPA's mutation has one root field and thirteen
 * fields; anything far beyond that is an alias flood or a probe, refused before it executes.
 */
import { GraphQLError, type ValidationRule } from 'graphql';

export const queryLimits = {
  /** Characters of query text, checked before parsing. */
  maxQueryLength: 8 * 1024,
  /** Lexer tokens, checked while parsing. */
  maxTokens: 500,
  /** Nesting of selections (the mutation needs 2). */
  maxDepth: 3,
  /** Fields on the Query or Mutation type, aliases included. */
  maxRootFields: 1,
  /** Fields in the whole document, aliases included. */
  maxFields: 30,
  /** Validation stops after this many errors (a form with every field missing has 12). */
  maxValidationErrors: 25,
};

export const limitFieldCount: ValidationRule = (context) => {
  const schema = context.getSchema();
  const isRootType = (type: unknown) =>
    type === schema.getQueryType() || type === schema.getMutationType();
  let rootFields = 0;
  let fields = 0;
  return {
    Field(node) {
      fields += 1;
      if (isRootType(context.getParentType())) rootFields += 1;
      if (rootFields === queryLimits.maxRootFields + 1) {
        context.reportError(
          new GraphQLError(`At most ${queryLimits.maxRootFields} root field per request.`, {
            nodes: node,
          }),
        );
      }
      if (fields === queryLimits.maxFields + 1) {
        context.reportError(
          new GraphQLError(`At most ${queryLimits.maxFields} fields per request.`, { nodes: node }),
        );
      }
    },
  };
};
