/**
 * The staff API's contract: each route's query, parameters, body and every answer, as JSON Schema
 * built with TypeBox. The server validates requests and serialises answers with these (a field
 * the schema does not name never leaves) and @fastify/swagger writes the OpenAPI document from
 * them; both sides take their types from them. The console imports types only (`import type`):
 * a value import would put TypeBox in its bundle.
 */
import {
  Type,
  type Static,
  type TBoolean,
  type TObject,
  type TSchema,
  type TString,
} from 'typebox';
import { degreePrograms, fieldNames, isStringField, type StringFieldName } from './fields';
import type { FieldName } from './fields';
import { languages } from './languages';
import { exportFormats, exportMediaTypes } from './exportFileTypes';
import { eraseReasonLength } from './eraseReason';
import { searchTextMaxLength } from './consoleLimits';
import type { RegistrationFilterName } from './registrationFilter';

/**
 * Every refusal and failure, as the server's one error path (server/errors.ts) sends it. The server
 * adds it once (`addSchema`) and each answer refers to it, so the OpenAPI document names it once.
 */
export const ApiErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String({ description: 'The status text' }),
    message: Type.String({ description: 'What was wrong with the request, never its data' }),
  },
  { $id: 'ApiError' },
);
const apiErrorSchema = (description: string) =>
  Type.Unsafe<Static<typeof ApiErrorSchema>>(Type.Ref('ApiError', { description }));

/** The answers every route may give besides its own: no session, too many requests, a failure. */
const everyRouteAnswers = {
  401: apiErrorSchema('No session, or one that has ended'),
  429: apiErrorSchema('Too many requests from this client'),
  500: apiErrorSchema('The server failed'),
};
const badRequest = apiErrorSchema('The query or body does not fit the schema');

const DegreeProgramSchema = Type.Enum(degreePrograms);

const StaffMemberSchema = Type.Object({
  name: Type.String(),
  email: Type.String(),
  admin: Type.Boolean(),
  programmes: Type.Array(DegreeProgramSchema, {
    description: 'The degree programmes whose registrations this person may read',
  }),
});
export type StaffMember = Static<typeof StaffMemberSchema>;

/** A day as the calendar writes it, YYYY-MM-DD. */
const daySchema = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/** What the person filters the registrations by, as the query string has it. */
const registrationFilterProperties = {
  programme: Type.Optional(DegreeProgramSchema),
  from: Type.Optional(daySchema('Received on this day or later')),
  to: Type.Optional(daySchema('Received on this day or earlier')),
  q: Type.Optional(
    Type.String({
      maxLength: searchTextMaxLength,
      description: 'Part of the name or the email, or the whole reference',
    }),
  ),
} satisfies Record<RegistrationFilterName, TSchema>;

export type RegistrationFilter = Static<TObject<typeof registrationFilterProperties>>;

/** A list's page (the validator coerces nothing, and a page past a million is no one's). */
const PageSchema = Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'From 1' });

const RegistrationListQuerySchema = Type.Object(
  { ...registrationFilterProperties, page: Type.Optional(PageSchema) },
  { additionalProperties: false },
);

const ExportQuerySchema = Type.Object(
  {
    ...registrationFilterProperties,
    format: Type.Enum(exportFormats),
    language: Type.Optional(Type.Enum(languages, { description: "The xlsx's headings' language" })),
  },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuerySchema>;

const AuditLogQuerySchema = Type.Object(
  { page: Type.Optional(PageSchema) },
  { additionalProperties: false },
);

/** A registration's id as the path has it (the validator coerces nothing). */
const RegistrationIdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }),
});

const EraseBodySchema = Type.Object(
  {
    reason: Type.String({
      minLength: eraseReasonLength.min,
      maxLength: eraseReasonLength.max,
      pattern: '\\S',
      description: 'Kept in the audit log: it must not identify the applicant',
    }),
  },
  { additionalProperties: false },
);
export type EraseBody = Static<typeof EraseBodySchema>;

/** A time as ISO 8601 in UTC. */
const timeSchema = (description: string) => Type.String({ format: 'date-time', description });

type RegistrationValueProperties = { [Name in StringFieldName]: TString } & {
  [Name in Exclude<FieldName, StringFieldName>]: TBoolean;
};

/** The form's fields, as the field model lists them. */
const registrationValueProperties = Object.fromEntries(
  fieldNames.map((name) => [name, isStringField(name) ? Type.String() : Type.Boolean()]),
) as RegistrationValueProperties;

const RegistrationSummarySchema = Type.Object({
  id: Type.Integer(),
  reference: Type.String({ description: 'The code the applicant quotes to the staff' }),
  createdAt: timeSchema('When it was received'),
  language: Type.Enum(languages, { description: 'The language it was sent in' }),
  ...registrationValueProperties,
});

const RegistrationDetailsSchema = Type.Object({
  ...RegistrationSummarySchema.properties,
  confirmation: Type.Union(
    [
      Type.Object({ state: Type.Enum(['queued', 'sent']) }),
      Type.Object({ state: Type.Literal('failing'), attempts: Type.Integer() }),
    ],
    { description: "The confirmation email's state" },
  ),
});
export type RegistrationDetails = Static<typeof RegistrationDetailsSchema>;

const AuditRecordSchema = Type.Object({
  at: timeSchema('When it happened'),
  command: Type.String(),
  rowCount: Type.Integer(),
  actor: Type.String({ description: 'Who did it' }),
  details: Type.String({ description: 'What was asked, without personal data' }),
});

/** A list's page as the API answers it: its items, and how many there are in all. */
const listPageSchema = <Item extends TSchema>(item: Item) =>
  Type.Object({ total: Type.Integer(), items: Type.Array(item) });

const PageOfRegistrationsSchema = listPageSchema(RegistrationSummarySchema);
export type PageOfRegistrations = Static<typeof PageOfRegistrationsSchema>;
const PageOfAuditRecordsSchema = listPageSchema(AuditRecordSchema);
export type PageOfAuditRecords = Static<typeof PageOfAuditRecordsSchema>;

const noProgramme = apiErrorSchema('Your groups give you no degree programme');
const notVisible = apiErrorSchema('No such registration among those you may see');
const adminsOnly = apiErrorSchema('Only the admissions admins may do this');

/** Each route's schema, by what it does: the routes (and so the OpenAPI document) take it here. */
export const consoleApiSchemas = {
  me: {
    summary: 'Who is signed in, and what they may see',
    response: { 200: StaffMemberSchema, ...everyRouteAnswers },
  },
  registrations: {
    summary: 'The registrations the person may see, newest first, a page at a time',
    querystring: RegistrationListQuerySchema,
    response: {
      200: PageOfRegistrationsSchema,
      400: badRequest,
      403: noProgramme,
      ...everyRouteAnswers,
    },
  },
  export: {
    summary: 'Every registration the filter finds, as a file',
    querystring: ExportQuerySchema,
    response: {
      // The file's bytes, in each format's media type.
      200: Type.Unsafe<Uint8Array>({
        description: 'The file, as an attachment',
        content: Object.fromEntries(
          exportFormats.map((format) => [
            exportMediaTypes[format],
            { schema: Type.String({ format: 'binary' }) },
          ]),
        ),
      }),
      400: badRequest,
      403: noProgramme,
      ...everyRouteAnswers,
    },
  },
  registration: {
    summary: 'One registration with its confirmation',
    params: RegistrationIdParamsSchema,
    response: {
      200: RegistrationDetailsSchema,
      400: badRequest,
      404: notVisible,
      ...everyRouteAnswers,
    },
  },
  registrationData: {
    summary: "Everything stored about one applicant's registration, as a JSON file",
    params: RegistrationIdParamsSchema,
    response: {
      200: RegistrationDetailsSchema,
      400: badRequest,
      404: notVisible,
      ...everyRouteAnswers,
    },
  },
  eraseRegistration: {
    summary: "Erases the applicant's registrations, with a reason for the audit log (admins)",
    params: RegistrationIdParamsSchema,
    body: EraseBodySchema,
    response: {
      204: Type.Null({ description: 'Erased' }),
      400: badRequest,
      403: apiErrorSchema('Not an admin, or no XSRF header'),
      404: notVisible,
      413: apiErrorSchema('The body is too large'),
      415: apiErrorSchema('The body is not JSON'),
      422: apiErrorSchema('The reason names the applicant'),
      ...everyRouteAnswers,
    },
  },
  auditLog: {
    summary: 'The audit log, newest first, a page at a time (admins)',
    querystring: AuditLogQuerySchema,
    response: {
      200: PageOfAuditRecordsSchema,
      400: badRequest,
      403: adminsOnly,
      ...everyRouteAnswers,
    },
  },
  openApi: {
    summary: 'This API described as OpenAPI 3.1',
    response: {
      200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI document' }),
      ...everyRouteAnswers,
    },
  },
};
