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
  tooLarge,
} from './consoleApiSchemas';
import { daySchema, idParamSchema, idSchema, timeSchema } from './apiFormats';
import { allProgrammes, apiTokenNameLength, apiTokenNamePattern } from './apiTokenLimits';

const ProgrammesSchema = Type.Union(
  [
    Type.Literal(allProgrammes),
    Type.Array(DegreeProgramSchema, { minItems: 1, uniqueItems: true }),
  ],
  { description: 'The degree programmes whose registrations it reads, or "all"' },
);

const lastDaySchema = daySchema(
  "Its last day, in the institution's time zone (TIME_ZONE): it works until that day ends. " +
    'Today at the earliest, a year ahead at the latest',
);

/** A token for the student information system, to the end of a day half a year from now. */
function tokenExample() {
  const lastDay = new Date();
  lastDay.setUTCDate(lastDay.getUTCDate() + 180);
  return { name: 'Peppi', programmes: ['MIDS'], expiresAt: lastDay.toISOString().slice(0, 10) };
}

const ApiTokenBodySchema = Type.Object(
  {
    name: Type.String({
      minLength: apiTokenNameLength.min,
      maxLength: apiTokenNameLength.max,
      pattern: apiTokenNamePattern,
      description: 'Which system uses it: the audit log names it so',
    }),
    programmes: ProgrammesSchema,
    expiresAt: lastDaySchema,
  },
  { additionalProperties: false, examples: [tokenExample()] },
);
export type ApiTokenBody = Static<typeof ApiTokenBodySchema>;

const CreatedApiTokenSchema = Type.Object(
  {
    id: idSchema(),
    token: Type.String({
      pattern: '^sisreg_[A-Za-z0-9_-]{43}$',
      description: 'Shown this once: only its hash is kept',
    }),
  },
  { description: 'Made' },
);
export type CreatedApiToken = Static<typeof CreatedApiTokenSchema>;

const ApiTokenSchema = Type.Object({
  id: idSchema(),
  name: Type.String(),
  programmes: ProgrammesSchema,
  createdAt: timeSchema('When it was made'),
  createdBy: Type.String({ description: 'Who made it' }),
  expiresAt: lastDaySchema,
  lastUsedAt: Type.Union([Type.Null(), timeSchema('Its last request, to the minute')]),
  revokedAt: Type.Union([Type.Null(), timeSchema('When it was revoked')]),
});
export type ApiToken = Static<typeof ApiTokenSchema>;

const ApiTokenIdParamsSchema = Type.Object({ id: idParamSchema });

const ApiTokensSchema = Type.Object(
  { items: Type.Array(ApiTokenSchema, { description: 'Newest first' }) },
  { description: 'Every token, without the tokens themselves' },
);
export type ApiTokens = Static<typeof ApiTokensSchema>;

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
      422: apiErrorSchema('The last day is past, or more than a year ahead'),
      ...everyRouteAnswers,
    },
  },
  tokens: {
    summary: 'Every token, newest first, without the tokens themselves (admins)',
    response: { 200: ApiTokensSchema, 403: adminsOnly, ...everyRouteAnswers },
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
