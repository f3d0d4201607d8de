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
  tooLarge,
} from './consoleApiSchemas';
import {
  idSchema,
  queryTimeSchema,
  referenceSchema,
  registrationValueProperties,
  timeSchema,
} from './apiFormats';

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
  examples: ['WyIzZjBjNWE1Mi04ZDNlLTRiN2EtOWMxZS0yYTZmNGQ4YjllMTAiLCI3NDMiLDEyXQ'],
  description:
    'nextCursor of the page before: where to go on. One from before a restore, or from another ' +
    'database, starts again from the start (nothing skipped)',
});
const LimitSchema = Type.String({
  pattern: '^(1000|[1-9][0-9]{0,2})$',
  examples: ['1000'],
  description: `Items a page, ${pageLimit.min} to ${pageLimit.max}; ${pageLimit.default} by default`,
});
const NextCursorSchema = Type.Union([Type.Null(), Type.String({ pattern: '^[A-Za-z0-9_-]+$' })], {
  description:
    'Where the next page begins: keep it and ask again with it, now and later. After the last ' +
    'item of this page; on a page with no items, the cursor you sent (a new one when it started ' +
    'again after a restore); null only when you sent none and there is nothing yet',
});

const RegistrationsQuerySchema = Type.Object(
  {
    updatedSince: Type.Optional(queryTimeSchema('Only those changed at this time or later')),
    cursor: Type.Optional(CursorSchema),
    limit: Type.Optional(LimitSchema),
  },
  { additionalProperties: false },
);
export type RegistrationsQuery = Static<typeof RegistrationsQuerySchema>;

const ErasuresQuerySchema = Type.Object(
  {
    since: Type.Optional(queryTimeSchema('Only those erased at this time or later')),
    cursor: Type.Optional(CursorSchema),
    limit: Type.Optional(LimitSchema),
  },
  { additionalProperties: false },
);
export type ErasuresQuery = Static<typeof ErasuresQuerySchema>;

const registrationExample = {
  id: 42,
  reference: 'K9ZGW5NK',
  createdAt: '2026-11-26T19:00:00.000Z',
  updatedAt: '2026-11-27T08:15:00.000Z',
  language: 'sv',
  firstName: 'Anna',
  lastName: 'Berg',
  birthday: '24.12.2001',
  phoneNumber: '+358 40 123 4567',
  email: 'anna.berg@example.edu',
  address: 'Strandgatan 1',
  zipcode: '65100',
  city: 'Vasa',
  country: 'Finland',
  startedYear: '2026',
  degreeProgram: 'MIDS',
  terms: true,
  state: 'new',
  transferredAt: null,
  externalId: null,
};

const IntegrationRegistrationSchema = Type.Object(
  {
    id: idSchema(),
    reference: referenceSchema(),
    createdAt: timeSchema('When it was received'),
    updatedAt: timeSchema('When it last changed (received, corrected, its state set)'),
    language: Type.Enum(languages, { description: 'The language it was sent in' }),
    ...registrationValueProperties,
    state: ProcessingStateSchema,
    transferredAt: Type.Union([Type.Null(), timeSchema('When it was marked transferred')]),
    externalId: Type.Union([Type.Null(), Type.String()], {
      description: 'The id the transfer gave it, if any',
    }),
  },
  { description: 'The registration as it is now', examples: [registrationExample] },
);
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
  { additionalProperties: false, examples: [{ externalId: 'P-2026-0042' }, {}] },
);
export type TransferBody = Static<typeof TransferBodySchema>;

const ErasureSchema = Type.Object({
  id: idSchema("The erased registration's id"),
  reference: referenceSchema(),
  erasedAt: timeSchema('When it was erased'),
});
export type Erasure = Static<typeof ErasureSchema>;

export const integrationApiSchemas = {
  registrations: {
    summary: 'The registrations the token may read, in the order they were last changed',
    querystring: RegistrationsQuerySchema,
    response: {
      200: Type.Object(
        { items: Type.Array(IntegrationRegistrationSchema), nextCursor: NextCursorSchema },
        { description: 'A page: fewer items than limit means nothing more for now' },
      ),
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
      200: Type.Object(
        { items: Type.Array(ErasureSchema), nextCursor: NextCursorSchema },
        { description: 'A page of erasures: erase your copy of each' },
      ),
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
