/**
 * GraphQL errors as the client sees them. graphql-js quotes the offending value in some messages
 * ("String cannot represent a non string value: …"); that value may be form data, so messages are
 * cut before it. Errors are not logged here: the request line with its status code is enough.
 */
import {
  GraphQLError,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import { graphqlResponseJson, requestErrorStatus, type GraphqlMediaType } from './mediaType';

export interface GraphqlErrorReply {
  statusCode: number;
  response: FormattedExecutionResult & { errors: GraphQLFormattedError[] };
}

/** Where graphql-js starts quoting a submitted value. */
const valueEcho = /(?:: |, found |(?<=got invalid value) ).*$/s;
/** A lexer token quoted in a syntax error, which may be a piece of a value. */
const quotedToken = /:? "(?:[^"\\]|\\.)*"/g;
/** 'Variable "$data" got invalid value <value> at "<path>"; <reason>' */
const invalidVariable = /^(Variable "\$\w+" got invalid value) /;

export function withoutSubmittedValues(message: string): string {
  if (message.startsWith('Syntax Error: ')) return message.replace(quotedToken, '');
  const cut = message.replace(valueEcho, '');
  return cut === message || cut.endsWith('.') ? cut : `${cut}.`;
}

function safeMessage(error: GraphQLError): string {
  const variable = invalidVariable.exec(error.message);
  // graphql-js keeps the reason without the value as the original error: say that instead.
  if (variable && error.originalError) {
    return `${variable[1]}: ${withoutSubmittedValues(error.originalError.message)}`;
  }
  return withoutSubmittedValues(error.message);
}

function toFormattedError(error: Error, code?: string): GraphQLFormattedError {
  const graphqlError =
    error instanceof GraphQLError
      ? error
      : new GraphQLError(error.message, { originalError: error });
  const formatted = graphqlError.toJSON();
  const extensions = code ? { code, ...formatted.extensions } : formatted.extensions;
  return { ...formatted, message: safeMessage(graphqlError), extensions };
}

/** graphql-js's hint at names in the schema, which tells a prober what exists. */
const suggestion = / Did you mean .*\?$/s;

/** The query could not be parsed or validated: nothing ran. */
export function requestErrorReply(
  errors: readonly Error[],
  { suggestions, mediaType }: { suggestions: boolean; mediaType: GraphqlMediaType },
): GraphqlErrorReply {
  return {
    statusCode: requestErrorStatus(mediaType),
    response: {
      errors: errors.map((error) => {
        const formatted = toFormattedError(
          error,
          error.message.startsWith('Syntax Error')
            ? 'GRAPHQL_PARSE_FAILED'
            : 'GRAPHQL_VALIDATION_FAILED',
        );
        return suggestions
          ? formatted
          : { ...formatted, message: formatted.message.replace(suggestion, '') };
      }),
    },
  };
}

/**
 * Errors raised while executing (a refused registration, a storage failure). Under
 * application/json their HTTP status is the highest one they carry, so that a refused
 * submission is never a 200 to the logs and balancers; application/graphql-response+json
 * requires a 200 whenever there is data, even if its field is null.
 */
export function executionErrorReply(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  mediaType: GraphqlMediaType,
): GraphqlErrorReply {
  const statusCodes = execution.errors.map(
    (error) => (error.originalError as { statusCode?: number } | undefined)?.statusCode ?? 200,
  );
  const statusCode =
    mediaType === graphqlResponseJson && execution.data
      ? 200
      : Math.max(execution.data ? 200 : 400, ...statusCodes);
  return {
    statusCode,
    response: {
      data: execution.data ?? null,
      errors: execution.errors.map((error) => toFormattedError(error)),
    },
  };
}
