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
  type TInteger,
  type TObject,
  type TSchema,
  type TString,
  type TStringOptions,
} from 'typebox';
import { degreePrograms, fieldNames } from './fields';
import type { FieldName } from './fields';
import {
  correctedValueProperties,
  daySchema,
  idSchema,
  referenceSchema,
  registrationValueProperties,
  timeSchema,
} from './apiFormats';
import { languages } from './languages';
import { InformationRequestSchema, RequestFieldsSchema } from './informationRequests';
import { exportFormats, exportMediaTypes } from './exportFileTypes';
import { eraseReasonLength } from './eraseReason';
import { auditPersonApplicant, searchTextMaxLength } from './consoleLimits';
import type { RegistrationFilterName } from './registrationFilter';
import {
  assigneeFilterMe,
  assigneeFilterNone,
  bulkIdsMax,
  duplicateReopened,
  duplicateResolutions,
  noteLength,
  notePattern,
  overviewDays,
  processingStates,
  type HistoryEntryType,
  type ProcessingState,
} from './processing';

/**
 * Every refusal and failure, as the server's one error path (server/errors.ts) sends it. The server
 * adds it once (`addSchema`) and each answer refers to it, so the OpenAPI document names it once.
 */
export const ApiErrorSchema = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status' }),
    error: Type.String({ description: 'The status text' }),
    message: Type.String({ description: 'What was wrong with the request, never its data' }),
  },
  { $id: 'ApiError' },
);
export const apiErrorSchema = (description: string) =>
  Type.Unsafe<Static<typeof ApiErrorSchema>>(Type.Ref('ApiError', { description }));

/** The answers every route may give besides its own: no session, too many requests, a failure. */
export const everyRouteAnswers = {
  401: apiErrorSchema('No session, or one that has ended'),
  429: apiErrorSchema('Too many requests from this client'),
  500: apiErrorSchema('The server failed'),
};
export const badRequest = apiErrorSchema('The query or body does not fit the schema');

export const DegreeProgramSchema = Type.Enum(degreePrograms);

const StaffMemberSchema = Type.Object(
  {
    subject: Type.String({
      description: 'Their sign-in subject: what assigns a registration to them',
    }),
    name: Type.String(),
    email: Type.String(),
    admin: Type.Boolean(),
    programmes: Type.Array(DegreeProgramSchema, {
      description: 'The degree programmes whose registrations this person may read',
    }),
  },
  { description: 'Who is signed in, and what they may see' },
);
export type StaffMember = Static<typeof StaffMemberSchema>;

export const ProcessingStateSchema = Type.Enum(processingStates, {
  description: 'Where the processing is: new, in progress, waiting for the applicant, processed',
});

/** A staff member's sign-in subject, as the provider names them. */
const SubjectSchema = Type.String({ minLength: 1, maxLength: 255 });

/** A staff member as the processing names them: who has a registration, wrote a note, changed it. */
const PersonSchema = Type.Object({
  subject: SubjectSchema,
  name: Type.String({ description: 'As the provider gave it at their last sign-in' }),
});
export type Person = Static<typeof PersonSchema>;

/**
 * Text a query string filters by: no control character, which no stored value holds and a NUL
 * the database cannot even compare.
 */
const queryText = (options: TStringOptions) =>
  Type.String({ pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$', ...options });

/** What the person filters the registrations by, as the query string has it. */
const registrationFilterProperties = {
  programme: Type.Optional(DegreeProgramSchema),
  from: Type.Optional(daySchema('Received on this day or later')),
  to: Type.Optional(daySchema('Received on this day or earlier')),
  q: Type.Optional(
    queryText({
      maxLength: searchTextMaxLength,
      description: 'Part of the name or the email, or the whole reference',
    }),
  ),
  state: Type.Optional(ProcessingStateSchema),
  assignee: Type.Optional(
    queryText({
      minLength: 1,
      maxLength: 255,
      description: `${assigneeFilterMe} (the person's own), ${assigneeFilterNone} (nobody's) or a staff member's subject`,
    }),
  ),
  duplicates: Type.Optional(
    Type.Literal('true', { description: 'Only those that share an applicant with another' }),
  ),
  overdue: Type.Optional(
    Type.Literal('true', {
      description: 'Only those whose information request is unanswered past its deadline',
    }),
  ),
} satisfies Record<RegistrationFilterName, TSchema>;

export type RegistrationFilter = Static<TObject<typeof registrationFilterProperties>>;

/** A filter that chooses what a change of many (or a request to many) takes. */
export const BulkFilterSchema = Type.Object(registrationFilterProperties, {
  additionalProperties: false,
  description: 'Every registration the list shows with these filters',
});

/** A list's page (the validator coerces nothing, and a page past a million is no one's). */
const PageSchema = Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'From 1' });

const RegistrationListQuerySchema = Type.Object(
  { ...registrationFilterProperties, page: Type.Optional(PageSchema) },
  { additionalProperties: false },
);

/**
 * A list's page asked for in a POST's body, so that the search text is in no address: neither the
 * browser's nor a proxy's log of the request line.
 */
const RegistrationSearchSchema = Type.Object(
  {
    ...registrationFilterProperties,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999, description: 'From 1' })),
  },
  { additionalProperties: false, examples: [{ programme: 'MIDS', q: 'berg', page: 1 }] },
);
export type RegistrationSearch = Static<typeof RegistrationSearchSchema>;

const ExportQuerySchema = Type.Object(
  {
    ...registrationFilterProperties,
    format: Type.Enum(exportFormats, { examples: ['csv'] }),
    language: Type.Optional(Type.Enum(languages, { description: "The xlsx's headings' language" })),
  },
  { additionalProperties: false, examples: [{ format: 'csv', programme: 'MIDS' }] },
);
export type ExportQuery = Static<typeof ExportQuerySchema>;

/** An export's answer: the file's bytes, in each format's media type. */
const ExportFileSchema = Type.Unsafe<Uint8Array>({
  description: 'The file, as an attachment',
  content: Object.fromEntries(
    exportFormats.map((format) => [
      exportMediaTypes[format],
      { schema: Type.String({ format: 'binary' }) },
    ]),
  ),
});

const AuditLogQuerySchema = Type.Object(
  {
    page: Type.Optional(PageSchema),
    event: Type.Optional(
      queryText({ minLength: 1, maxLength: 50, description: 'Only this event (its command)' }),
    ),
    person: Type.Optional(
      queryText({
        minLength: 1,
        maxLength: 255,
        description: `${auditPersonApplicant} (the applicants, through their own link) or a staff member's subject`,
      }),
    ),
    day: Type.Optional(daySchema('Only what happened on this day')),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuerySchema>;

/** A registration's id as the path has it (the validator coerces nothing). */
export const RegistrationIdParamsSchema = Type.Object({
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
  {
    additionalProperties: false,
    examples: [{ reason: 'Asked for by the applicant (ticket 1234)' }],
  },
);
export type EraseBody = Static<typeof EraseBodySchema>;

const AssigneeSchema = Type.Union([Type.Null(), PersonSchema], {
  description: 'Who has it, or null: nobody',
});

const RegistrationSummarySchema = Type.Object({
  id: idSchema(),
  reference: referenceSchema(),
  createdAt: timeSchema('When it was received'),
  language: Type.Enum(languages, { description: 'The language it was sent in' }),
  ...registrationValueProperties,
  state: ProcessingStateSchema,
  assignee: AssigneeSchema,
  version: Type.Integer({
    minimum: 1,
    description: 'Increased by every change: send it back as If-Match: "<version>"',
  }),
  duplicateOf: Type.Array(idSchema(), {
    description:
      'The ids of the others the person may see with the same birthday and a similar name ' +
      '(case, accents and hyphens ignored; a letter doubled, a second first name left out, first ' +
      'and last name swapped), the same email (any case) or the same phone number; those ' +
      'resolved as not the same person or handled are left out',
  }),
  applicantAnswered: Type.Boolean({
    description:
      'Its latest information request was answered by the applicant, and no staff member has ' +
      'acted on it since (changed its state, assignee or fields, or written a note)',
  }),
});
export type RegistrationSummary = Static<typeof RegistrationSummarySchema>;

const NoteTextSchema = Type.String({
  minLength: noteLength.min,
  maxLength: noteLength.max,
  pattern: notePattern,
  description: 'Kept as written; the applicant reads it in their data download, by the office',
});

const NoteSchema = Type.Object(
  {
    id: idSchema(),
    at: timeSchema('When it was written'),
    author: PersonSchema,
    text: NoteTextSchema,
  },
  { description: 'The note as kept' },
);
export type Note = Static<typeof NoteSchema>;

/** A value of the form as a correction changed it. */
const FieldValueSchema = Type.Union([Type.String(), Type.Boolean()]);

/** Each timeline entry: when, who (null: the applicant, who sent it and may correct it), and what. */
const historyEntry = <
  EntryType extends HistoryEntryType,
  Properties extends Record<string, TSchema>,
>(
  type: EntryType,
  properties: Properties,
) =>
  Type.Object({
    at: timeSchema('When it happened'),
    actor: Type.Union([Type.Null(), PersonSchema]),
    type: Type.Literal(type),
    ...properties,
  });

const HistoryEntrySchema = Type.Union(
  [
    historyEntry('received', {}),
    historyEntry('state', { from: ProcessingStateSchema, to: ProcessingStateSchema }),
    historyEntry('assignee', { from: AssigneeSchema, to: AssigneeSchema }),
    historyEntry('correction', {
      field: Type.Enum(fieldNames as readonly FieldName[]),
      from: FieldValueSchema,
      to: FieldValueSchema,
    }),
    historyEntry('note', { noteId: idSchema(), text: NoteTextSchema }),
    historyEntry('duplicate', {
      otherId: idSchema('The other registration of the pair'),
      resolution: Type.Enum([...duplicateResolutions, duplicateReopened], {
        description: 'Resolved as not the same person or handled, or open: marked again',
      }),
    }),
    historyEntry('request', {
      requestId: idSchema(),
      fields: RequestFieldsSchema,
      deadline: daySchema('The last day to answer, in TIME_ZONE'),
    }),
    historyEntry('request-answered', {
      requestId: idSchema(),
      late: Type.Boolean({ description: 'After its deadline' }),
    }),
    historyEntry('request-withdrawn', { requestId: idSchema() }),
  ],
  { description: 'One step of the timeline, by its type' },
);
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

const DuplicateResolutionSchema = Type.Enum(duplicateResolutions, {
  description: 'different: not the same person; handled: merged by hand, or withdrawn',
});

/** A possible duplicate as the registration's page names it, with the staff's word on it. */
const PossibleDuplicateSchema = Type.Object({
  id: idSchema(),
  reference: referenceSchema(),
  degreeProgram: DegreeProgramSchema,
  createdAt: timeSchema('When it was received'),
  resolution: Type.Union(
    [
      Type.Null(),
      Type.Object({ type: DuplicateResolutionSchema, by: PersonSchema, at: timeSchema('When') }),
    ],
    { description: 'How the staff resolved the pair, or null: a possible duplicate still' },
  ),
});
export type PossibleDuplicate = Static<typeof PossibleDuplicateSchema>;

/** The registration with all it has; the staff's download leaves out the others' details. */
const registrationDetailsProperties = {
  ...RegistrationSummarySchema.properties,
  confirmation: Type.Union(
    [
      Type.Object({ state: Type.Enum(['queued', 'sent']) }),
      Type.Object({ state: Type.Literal('failing'), attempts: Type.Integer() }),
    ],
    { description: "The confirmation email's state" },
  ),
  notes: Type.Array(NoteSchema, { description: 'Oldest first' }),
  history: Type.Array(HistoryEntrySchema, { description: 'Oldest first' }),
  request: Type.Union([Type.Null(), InformationRequestSchema], {
    description: 'Its latest information request, or null: none was made',
  }),
  transfer: Type.Union(
    [
      Type.Null(),
      Type.Object({
        at: timeSchema('When the student information system marked it transferred'),
        tokenName: Type.String({ description: "The integration API token's name" }),
        externalId: Type.Union([Type.Null(), Type.String()], {
          description: 'Its id in the student information system, if given',
        }),
      }),
    ],
    { description: 'Its transfer to the student information system, or null: not yet' },
  ),
};

/** What the staff download to hand to the applicant: the others' details are not theirs. */
const RegistrationDataSchema = Type.Object(registrationDetailsProperties, {
  description: 'The registration, with its confirmation, notes, timeline and transfer',
});

export const RegistrationDetailsSchema = Type.Object(
  {
    ...registrationDetailsProperties,
    duplicates: Type.Array(PossibleDuplicateSchema, {
      description: 'The pairs of duplicateOf and those resolved, by id',
    }),
  },
  {
    description:
      'The registration, with its confirmation, notes, timeline, transfer and possible duplicates',
  },
);
export type RegistrationDetails = Static<typeof RegistrationDetailsSchema>;

/** What a change sets: an assignee by subject, or null for nobody. */
const changeProperties = {
  state: Type.Optional(ProcessingStateSchema),
  assignee: Type.Optional(
    Type.Union([SubjectSchema, Type.Null()], {
      description: 'A staff member with access to the programme, or null: nobody',
    }),
  ),
};

export const CorrectedFieldsSchema = Type.Partial(Type.Object(correctedValueProperties), {
  additionalProperties: false,
  minProperties: 1,
  description: "The corrected fields, checked by the form's rules",
});

const RegistrationChangeSchema = Type.Object(
  { ...changeProperties, fields: Type.Optional(CorrectedFieldsSchema) },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [{ state: 'in-progress' }, { fields: { city: 'Vasa' } }],
  },
);
export type RegistrationChange = Static<typeof RegistrationChangeSchema>;

export const IfMatchHeadersSchema = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      pattern: '^"[1-9][0-9]*"$',
      description: 'The version the change was made on: "<version>" (required: 428 without)',
      examples: ['"1"'],
    }),
  ),
});

/** 412: someone changed the registration since the version sent. */
const VersionConflictSchema = Type.Object(
  {
    ...ApiErrorSchema.properties,
    version: Type.Integer({ description: 'The current version' }),
    changedBy: Type.Union([Type.Null(), PersonSchema], { description: 'Who changed it last' }),
    changedAt: Type.Union([Type.Null(), timeSchema('When')]),
  },
  { description: 'Someone changed it since the version sent: nothing was changed' },
);
export type VersionConflict = Static<typeof VersionConflictSchema>;

/** Each field's message key, when it has one. */
const fieldMessageProperties = Object.fromEntries(
  fieldNames.map((name) => [name, Type.String()]),
) as Record<FieldName, TString>;

/** 422: what cannot be done, and for a correction each field that breaks a rule. */
export const UnprocessableChangeSchema = Type.Object(
  {
    ...ApiErrorSchema.properties,
    fields: Type.Optional(
      Type.Partial(Type.Object(fieldMessageProperties), {
        description:
          "Each invalid field's message key: the form's own (phoneNumber-format, …), or " +
          'degreeProgram-outside-access',
      }),
    ),
    notAssignable: Type.Optional(
      Type.Object(
        {
          assignee: Type.Union([Type.Null(), PersonSchema], {
            description: 'The person asked for; null when nobody by that subject has signed in',
          }),
          programmes: Type.Array(DegreeProgramSchema, {
            description: 'The programmes of the registrations they may not have',
          }),
        },
        { description: 'The assignee may not have every registration: whom, and which' },
      ),
    ),
  },
  { description: "The change breaks a rule: the form's, or the person's access" },
);
export type UnprocessableChange = Static<typeof UnprocessableChangeSchema>;

/** A registration the applicant withdrew: no personal data, only that it was, when and whose. */
const WithdrawalSchema = Type.Object({
  id: Type.Integer({ description: "The registration's id, as it had it" }),
  degreeProgram: DegreeProgramSchema,
  withdrawnAt: timeSchema('When the applicant withdrew it'),
  assignee: AssigneeSchema,
});
export type Withdrawal = Static<typeof WithdrawalSchema>;

/** 410: the registration asked for was withdrawn by its applicant. */
export const WithdrawnSchema = Type.Object(
  { ...ApiErrorSchema.properties, withdrawal: WithdrawalSchema },
  { description: 'The applicant withdrew it: nothing of theirs is kept' },
);
export type Withdrawn = Static<typeof WithdrawnSchema>;

const WithdrawalsSchema = Type.Object(
  { items: Type.Array(WithdrawalSchema, { description: 'Newest first' }) },
  {
    description:
      'The registrations assigned to you that their applicants withdrew in the last days, newest first',
  },
);
export type Withdrawals = Static<typeof WithdrawalsSchema>;
const DuplicatePairParamsSchema = Type.Object({
  id: RegistrationIdParamsSchema.properties.id,
  otherId: RegistrationIdParamsSchema.properties.id,
});

const DuplicateResolutionBodySchema = Type.Object(
  {
    resolution: Type.Union([Type.Null(), DuplicateResolutionSchema], {
      description: 'null: a possible duplicate again',
    }),
  },
  {
    additionalProperties: false,
    examples: [{ resolution: 'different' }, { resolution: null }],
  },
);
export type DuplicateResolutionBody = Static<typeof DuplicateResolutionBodySchema>;

const NoteBodySchema = Type.Object(
  { text: NoteTextSchema },
  { additionalProperties: false, examples: [{ text: 'Asked for the certificate by phone' }] },
);
export type NoteBody = Static<typeof NoteBodySchema>;

const BulkSetSchema = Type.Object(changeProperties, {
  additionalProperties: false,
  minProperties: 1,
});
const BulkChangeSchema = Type.Union(
  [
    Type.Object(
      {
        ids: Type.Array(idSchema(), {
          minItems: 1,
          maxItems: bulkIdsMax,
          description: "Those outside the person's access are left alone",
        }),
        set: BulkSetSchema,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        filter: BulkFilterSchema,
        set: BulkSetSchema,
      },
      { additionalProperties: false },
    ),
  ],
  {
    examples: [
      { ids: [1, 2], set: { state: 'done' } },
      { filter: { state: 'new' }, set: { assignee: null } },
    ],
  },
);
export type BulkChange = Static<typeof BulkChangeSchema>;

const BulkResultSchema = Type.Object(
  {
    updated: Type.Integer({
      minimum: 0,
      description: 'How many changed (those already so are left as they are)',
    }),
  },
  { description: 'Done' },
);
export type BulkResult = Static<typeof BulkResultSchema>;

const AssignableSchema = Type.Object({
  ...PersonSchema.properties,
  programmes: Type.Array(DegreeProgramSchema, {
    description: "Those of the person's programmes this one may be assigned in",
  }),
});
const AssignablesSchema = Type.Object(
  { items: Type.Array(AssignableSchema, { description: 'Known from their sign-ins, by name' }) },
  { description: 'The staff who may be assigned' },
);
export type Assignable = Static<typeof AssignableSchema>;
export type StaffMembers = Static<typeof AssignablesSchema>;

const stateCountProperties = Object.fromEntries(
  processingStates.map((state) => [state, Type.Integer()]),
) as Record<ProcessingState, TInteger>;

const OverviewSchema = Type.Object(
  {
    programmes: Type.Array(
      Type.Object({
        code: DegreeProgramSchema,
        states: Type.Object(stateCountProperties, { description: 'How many are in each state' }),
        overdue: Type.Integer({
          minimum: 0,
          description: 'How many have an information request unanswered past its deadline',
        }),
      }),
      { description: 'Each programme the person may see, with its counts per state' },
    ),
    days: Type.Array(
      Type.Object({ day: daySchema('A day in TIME_ZONE'), count: Type.Integer({ minimum: 0 }) }),
      {
        minItems: overviewDays,
        maxItems: overviewDays,
        description: 'Registrations received each day of the last 30, oldest first, today last',
      },
    ),
  },
  { description: 'The counts' },
);
export type Overview = Static<typeof OverviewSchema>;

const AuditRecordSchema = Type.Object({
  at: timeSchema('When it happened'),
  command: Type.String(),
  rowCount: Type.Integer({ minimum: 0 }),
  actor: Type.String({ description: 'Who did it, as recorded' }),
  by: Type.Union(
    [
      Type.Object({
        kind: Type.Literal('staff'),
        name: Type.Optional(Type.String({ description: 'As their last sign-in gave it' })),
        email: Type.Optional(Type.String()),
      }),
      Type.Object({ kind: Type.Literal('applicant') }),
      Type.Object({ kind: Type.Literal('token'), name: Type.String() }),
      Type.Object({ kind: Type.Literal('other') }),
    ],
    { description: 'Who did it, as far as it is known: the actor as recorded where not' },
  ),
  details: Type.String({ description: 'What was asked, without personal data' }),
});

/** A list's page as the API answers it: its items, and how many there are in all. */
const listPageSchema = <Item extends TSchema>(item: Item, description: string) =>
  Type.Object(
    {
      total: Type.Integer({ minimum: 0, description: 'How many there are in all' }),
      items: Type.Array(item),
    },
    { description },
  );

const PageOfRegistrationsSchema = listPageSchema(
  RegistrationSummarySchema,
  'A page of registrations, newest first',
);
export type PageOfRegistrations = Static<typeof PageOfRegistrationsSchema>;
const PageOfAuditRecordsSchema = listPageSchema(AuditRecordSchema, 'A page of the audit log');
export type PageOfAuditRecords = Static<typeof PageOfAuditRecordsSchema>;

const noProgramme = apiErrorSchema('Your groups give you no degree programme');
export const notXsrf = apiErrorSchema(
  'No XSRF header, or your groups give you no degree programme',
);
export const tooLarge = apiErrorSchema('The body is too large');
export const notJson = apiErrorSchema('The body is not JSON');
export const notVisible = apiErrorSchema('No such registration among those you may see');
export const adminsOnly = apiErrorSchema('Only the admissions admins may do this');

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
  searchRegistrations: {
    summary:
      'The registrations the person may see, newest first, a page at a time: the filter in the body, to keep the search text out of addresses and logs',
    body: RegistrationSearchSchema,
    response: {
      200: PageOfRegistrationsSchema,
      400: badRequest,
      403: notXsrf,
      413: tooLarge,
      415: notJson,
      ...everyRouteAnswers,
    },
  },
  export: {
    summary: 'Every registration the filter finds, as a file',
    querystring: ExportQuerySchema,
    response: {
      200: ExportFileSchema,
      400: badRequest,
      403: noProgramme,
      ...everyRouteAnswers,
    },
  },
  exportSearch: {
    summary: 'As GET /export, with the filter in the body: the search text in no address',
    body: ExportQuerySchema,
    response: {
      200: ExportFileSchema,
      400: badRequest,
      403: notXsrf,
      413: tooLarge,
      415: notJson,
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
      410: WithdrawnSchema,
      ...everyRouteAnswers,
    },
  },
  registrationData: {
    summary: "Everything stored about one applicant's registration, as a JSON file",
    params: RegistrationIdParamsSchema,
    response: {
      200: RegistrationDataSchema,
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
      413: tooLarge,
      415: notJson,
      422: apiErrorSchema('The reason names the applicant'),
      ...everyRouteAnswers,
    },
  },
  changeRegistration: {
    summary: 'Sets the state or the assignee, or corrects fields, on the version it was read at',
    params: RegistrationIdParamsSchema,
    headers: IfMatchHeadersSchema,
    body: RegistrationChangeSchema,
    response: {
      200: RegistrationDetailsSchema,
      400: badRequest,
      403: notXsrf,
      404: notVisible,
      410: WithdrawnSchema,
      412: VersionConflictSchema,
      413: tooLarge,
      415: notJson,
      422: UnprocessableChangeSchema,
      428: apiErrorSchema('No If-Match header: send the version the change was made on'),
      ...everyRouteAnswers,
    },
  },
  resolveDuplicate: {
    summary:
      'Resolves a pair of possible duplicates as not the same person or handled, or marks it again (null)',
    params: DuplicatePairParamsSchema,
    body: DuplicateResolutionBodySchema,
    response: {
      200: RegistrationDetailsSchema,
      400: badRequest,
      403: notXsrf,
      404: apiErrorSchema(
        'No such pair of possible duplicates among the registrations you may see (both of them)',
      ),
      413: tooLarge,
      415: notJson,
      ...everyRouteAnswers,
    },
  },
  addNote: {
    summary: 'Adds an internal note to a registration',
    params: RegistrationIdParamsSchema,
    body: NoteBodySchema,
    response: {
      201: NoteSchema,
      400: badRequest,
      403: notXsrf,
      404: notVisible,
      410: WithdrawnSchema,
      413: tooLarge,
      415: notJson,
      ...everyRouteAnswers,
    },
  },
  bulkChange: {
    summary: 'Sets the state or the assignee of many registrations at once, within your access',
    body: BulkChangeSchema,
    response: {
      200: BulkResultSchema,
      400: badRequest,
      403: notXsrf,
      413: tooLarge,
      415: notJson,
      422: UnprocessableChangeSchema,
      ...everyRouteAnswers,
    },
  },
  withdrawals: {
    summary: 'The registrations assigned to you that their applicants withdrew lately',
    response: { 200: WithdrawalsSchema, 403: noProgramme, ...everyRouteAnswers },
  },
  staffMembers: {
    summary: "The staff who may be assigned registrations of the person's programmes",
    response: { 200: AssignablesSchema, 403: noProgramme, ...everyRouteAnswers },
  },
  overview: {
    summary: 'Per programme the counts per state, and the registrations received per day',
    response: { 200: OverviewSchema, 403: noProgramme, ...everyRouteAnswers },
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
