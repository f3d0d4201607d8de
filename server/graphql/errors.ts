/**
 * GraphQL errors as the client sees them, with no text from the request: graphql-js quotes the
 * offending value in some messages ("String cannot represent a non string value: …"), a token
 * in its syntax errors, and names the request made up in others; any of them may be form data.
 * Values are cut, syntax errors get one fixed message (their location says where), and a quoted
 * name is kept only when the schema defines it. Errors are not logged here: the request line
 * with its status code is enough.
 */
import {
  buildSchema,
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { graphqlResponseJson, requestErrorStatus, type GraphqlMediaType } from './mediaType';
import { schema } from './schema';

export interface GraphqlErrorReply {
  statusCode: number;
  response: FormattedExecutionResult & { errors: GraphQLFormattedError[] };
}

const syntaxErrorPrefix = 'Syntax Error';
/** Every syntax error's message: graphql-js's would quote the token it stopped at. */
export const syntaxErrorMessage = `${syntaxErrorPrefix}: the query could not be parsed.`;

/** Where graphql-js starts quoting a submitted value. */
const valueEcho = /(?:: |, found |(?<=got invalid value) ).*$/s;
/** A quoted name with the space before it: "OnboardingFormInput.terms", "Boolean!", "$data". */
const quotedName = / ?"(?:[^"\\]|\\.)*"/g;
/** 'Variable "$data" got invalid value <value> at "<path>"; <reason>' */
const invalidVariable = /^(Variable "\$\w+" got invalid value) /;

/** Types, fields, arguments and enum values: the names a message may quote. */
function namesOf(definitions: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  for (const type of Object.values(definitions.getTypeMap())) {
    names.add(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        names.add(field.name);
        for (const arg of 'args' in field ? field.args : []) names.add(arg.name);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) names.add(value.name);
  }
  return names;
}
const schemaNames = namesOf(buildSchema(schema));

/** A type ("[String]!"), a coordinate ("OnboardingFormInput.terms") or a variable ("$data"). */
function isSchemaName(quoted: string): boolean {
  const text = quoted
    .trim()
    .slice(1, -1)
    .replace(/^\$|[[\]!]/g, '');
  return text.split('.').every((part) => schemaNames.has(part));
}

/** The message with every quoted name the schema does not define left out. */
function withoutRequestNames(message: string): string {
  return message.replace(quotedName, (quoted) => (isSchemaName(quoted) ? quoted : ''));
}

export function withoutSubmittedValues(message: string): string {
  const cut = message.replace(valueEcho, '');
  return withoutRequestNames(cut === message || cut.endsWith('.') ? cut : `${cut}.`);
}

function safeMessage(error: GraphQLError): string {
  if (error.message.startsWith(syntaxErrorPrefix)) return syntaxErrorMessage;
  const variable = invalidVariable.exec(error.message);
  // graphql-js keeps the reason without the value as the original error: say that instead.
  if (variable && error.originalError) {
    return `${withoutRequestNames(variable[1])}: ${withoutSubmittedValues(error.originalError.message)}`;
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
          error.message.startsWith(syntaxErrorPrefix)
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
