/**
 * The integration API for the student information system (/api/v1): each route's query, body and
 * answers as TypeBox schemas, from which the server validates and serialises (a field not named
 * here never leaves) and @fastify/swagger writes the OpenAPI document.
 */
import { Type, type Static } from 'typebox';
import { languages } from './languages';
import {
  apiErrorSchema,
  notJson,
  ProcessingStateSchema,
  RegistrationIdParamsSchema,
  registrationValueProperties,
  timeSchema,
  tooLarge,
} from './consoleApiSchemas';

export const integrationApiPath = '/api/v1';

/** The student information system's own id for a registration. */
export const externalIdLength = { min: 1, max: 100 } as const;

export const pageLimit = { min: 1, max: 1000, default: 100 } as const;

const answers = {
  400: apiErrorSchema('The query, cursor or body does not fit the schema'),
  401: apiErrorSchema('No token, or one unknown, expired or revoked'),
  429: apiErrorSchema('Too many requests with this token'),
  500: apiErrorSchema('The server failed'),
};
const notVisible = apiErrorSchema("No such registration among the token's programmes");

const CursorSchema = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,200}$',
  description:
    'nextCursor of the page before: where to go on. One from before a restore, or from another ' +
    'database, starts again from the start (nothing skipped)',
});
const LimitSchema = Type.String({
  pattern: '^(1000|[1-9][0-9]{0,2})$',
  description: `Items a page, ${pageLimit.min} to ${pageLimit.max}; ${pageLimit.default} by default`,
});
const NextCursorSchema = Type.Union([Type.Null(), Type.String()], {
  description: 'Where the next page begins; null: nothing more has been committed yet',
});

const RegistrationsQuerySchema = Type.Object(
  {
    updatedSince: Type.Optional(timeSchema('Only those changed at this time or later')),
    cursor: Type.Optional(CursorSchema),
    limit: Type.Optional(LimitSchema),
  },
  { additionalProperties: false },
);
export type RegistrationsQuery = Static<typeof RegistrationsQuerySchema>;

const ErasuresQuerySchema = Type.Object(
  {
    since: Type.Optional(timeSchema('Only those erased at this time or later')),
    cursor: Type.Optional(CursorSchema),
    limit: Type.Optional(LimitSchema),
  },
  { additionalProperties: false },
);
export type ErasuresQuery = Static<typeof ErasuresQuerySchema>;

const IntegrationRegistrationSchema = Type.Object({
  id: Type.Integer(),
  reference: Type.String({ description: 'The code the applicant quotes to the staff' }),
  createdAt: timeSchema('When it was received'),
  updatedAt: timeSchema('When it last changed (received, corrected, its state set)'),
  language: Type.Enum(languages, { description: 'The language it was sent in' }),
  ...registrationValueProperties,
  state: ProcessingStateSchema,
  transferredAt: Type.Union([Type.Null(), timeSchema('When it was marked transferred')]),
  externalId: Type.Union([Type.Null(), Type.String()], {
    description: 'The id the transfer gave it, if any',
  }),
});
export type IntegrationRegistration = Static<typeof IntegrationRegistrationSchema>;

const TransferBodySchema = Type.Object(
  {
    externalId: Type.Optional(
      Type.String({
        minLength: externalIdLength.min,
        maxLength: externalIdLength.max,
        pattern: '^[\\x21-\\x7e]+$',
        description: "The registration's id in the student information system",
      }),
    ),
  },
  { additionalProperties: false },
);
export type TransferBody = Static<typeof TransferBodySchema>;

const ErasureSchema = Type.Object({
  id: Type.Integer({ description: "The erased registration's id" }),
  reference: Type.String(),
  erasedAt: timeSchema('When it was erased'),
});
export type Erasure = Static<typeof ErasureSchema>;

export const integrationApiSchemas = {
  registrations: {
    summary: 'The registrations the token may read, in the order they were last changed',
    querystring: RegistrationsQuerySchema,
    response: {
      200: Type.Object({
        items: Type.Array(IntegrationRegistrationSchema),
        nextCursor: NextCursorSchema,
      }),
      ...answers,
    },
  },
  registration: {
    summary: 'One registration',
    params: RegistrationIdParamsSchema,
    response: { 200: IntegrationRegistrationSchema, 404: notVisible, ...answers },
  },
  transfer: {
    summary: 'Marks a registration transferred (idempotent: the first time is kept)',
    params: RegistrationIdParamsSchema,
    body: TransferBodySchema,
    response: {
      200: IntegrationRegistrationSchema,
      404: notVisible,
      413: tooLarge,
      415: notJson,
      ...answers,
    },
  },
  erasures: {
    summary: 'The registrations erased, of the programmes the token may read, in erasure order',
    querystring: ErasuresQuerySchema,
    response: {
      200: Type.Object({ items: Type.Array(ErasureSchema), nextCursor: NextCursorSchema }),
      ...answers,
    },
  },
  openApi: {
    summary: 'This API described as OpenAPI 3.1 (no token needed)',
    security: [],
    response: {
      200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI document' }),
      429: answers[429],
      500: answers[500],
    },
  },
};
