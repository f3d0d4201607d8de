/**
 * The staff API's routes for the integration's tokens (/staff/api/tokens, admins only): each
 * route's body and answers as TypeBox schemas, beside the staff API's own (consoleApiSchemas.ts).
 * The console imports types only.
 */
import { Type, type Static } from 'typebox';
import {
  adminsOnly,
  apiErrorSchema,
  badRequest,
  DegreeProgramSchema,
  everyRouteAnswers,
  notJson,
  timeSchema,
  tooLarge,
} from './consoleApiSchemas';
import { allProgrammes, apiTokenNameLength, apiTokenNamePattern } from './apiTokenLimits';

const ProgrammesSchema = Type.Union(
  [
    Type.Literal(allProgrammes),
    Type.Array(DegreeProgramSchema, { minItems: 1, uniqueItems: true }),
  ],
  { description: 'The degree programmes whose registrations it reads, or "all"' },
);

const ApiTokenBodySchema = Type.Object(
  {
    name: Type.String({
      minLength: apiTokenNameLength.min,
      maxLength: apiTokenNameLength.max,
      pattern: apiTokenNamePattern,
      description: 'Which system uses it: the audit log names it so',
    }),
    programmes: ProgrammesSchema,
    expiresAt: timeSchema('When it stops working: within a year'),
  },
  { additionalProperties: false },
);
export type ApiTokenBody = Static<typeof ApiTokenBodySchema>;

const CreatedApiTokenSchema = Type.Object({
  id: Type.Integer(),
  token: Type.String({ description: 'Shown this once: only its hash is kept' }),
});
export type CreatedApiToken = Static<typeof CreatedApiTokenSchema>;

const ApiTokenSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  programmes: ProgrammesSchema,
  createdAt: timeSchema('When it was made'),
  createdBy: Type.String({ description: 'Who made it' }),
  expiresAt: timeSchema('When it stops working'),
  lastUsedAt: Type.Union([Type.Null(), timeSchema('Its last request, to the minute')]),
  revokedAt: Type.Union([Type.Null(), timeSchema('When it was revoked')]),
});
export type ApiToken = Static<typeof ApiTokenSchema>;

const ApiTokenIdParamsSchema = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });

const notAdminOrXsrf = apiErrorSchema('Not an admin, or no XSRF header');

export const apiTokenSchemas = {
  createToken: {
    summary: 'Makes a token for the integration API; shown once (admins)',
    body: ApiTokenBodySchema,
    response: {
      201: CreatedApiTokenSchema,
      400: badRequest,
      403: notAdminOrXsrf,
      413: tooLarge,
      415: notJson,
      422: apiErrorSchema('The expiry is past, or more than a year ahead'),
      ...everyRouteAnswers,
    },
  },
  tokens: {
    summary: 'Every token, newest first, without the tokens themselves (admins)',
    response: { 200: Type.Array(ApiTokenSchema), 403: adminsOnly, ...everyRouteAnswers },
  },
  revokeToken: {
    summary: 'Revokes a token at once (admins)',
    params: ApiTokenIdParamsSchema,
    response: {
      204: Type.Null({ description: 'Revoked (or already was)' }),
      400: badRequest,
      403: notAdminOrXsrf,
      404: apiErrorSchema('No such token'),
      ...everyRouteAnswers,
    },
  },
};
