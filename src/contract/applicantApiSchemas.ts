/**
 * The applicant's API under /my/api (issue 34): each route's body and every answer, as JSON Schema
 * built with TypeBox, in the style of the staff API's (consoleApiSchemas.ts, whose error and
 * field schemas it reuses). The /my page imports types only (`import type`).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { languages } from './languages';
import { applicantTokenPattern, birthdayTries } from './applicantPaths';
import { fieldNames, type FieldName } from './fields';
import { daySchema, idSchema, registrationValueProperties, timeSchema } from './apiFormats';
import { RequestFieldsSchema, RequestMessageSchema } from './informationRequests';
import {
  ApiErrorSchema,
  apiErrorSchema,
  CorrectedFieldsSchema,
  DegreeProgramSchema,
  IfMatchHeadersSchema,
  ProcessingStateSchema,
  UnprocessableChangeSchema,
} from './consoleApiSchemas';

/** The answers every route may give besides its own. */
const everyRouteAnswers = {
  400: apiErrorSchema('The body does not fit the schema'),
  429: apiErrorSchema('Too many requests from this client'),
  500: apiErrorSchema('The server failed'),
};
/** …and every route that changes something or takes a body. */
const bodyAnswers = {
  413: apiErrorSchema('The body is too large'),
  415: apiErrorSchema('The body is not JSON'),
};
const noSession = apiErrorSchema('No session, or one that has ended: open the link again');
const notXsrf = apiErrorSchema('No XSRF header');
const notVerified = apiErrorSchema('No XSRF header, or the birthday has not been given');

const TokenBodySchema = Type.Object(
  { token: Type.String({ pattern: applicantTokenPattern, description: "The link's last part" }) },
  { additionalProperties: false },
);
export type TokenBody = Static<typeof TokenBodySchema>;

const BirthdayBodySchema = Type.Object(
  {
    birthday: Type.String({
      maxLength: 20,
      description:
        'The date of birth as d.m.yyyy, dd.mm.yyyy, yyyy-mm-dd or d/m/yyyy: compared as a date',
    }),
  },
  { additionalProperties: false },
);
export type BirthdayBody = Static<typeof BirthdayBodySchema>;

/** 403 for a wrong birthday: how many more tries the link takes before it locks. */
const WrongBirthdaySchema = Type.Object({
  ...ApiErrorSchema.properties,
  triesLeft: Type.Integer({ minimum: 1, maximum: birthdayTries - 1 }),
});
export type WrongBirthday = Static<typeof WrongBirthdaySchema>;

/** What the confirmation email already says: shown before the birthday is given. */
const registrationSummaryProperties = {
  reference: Type.String({ description: 'The code the applicant quotes to the staff' }),
  degreeProgram: DegreeProgramSchema,
  createdAt: timeSchema('When it was received'),
  state: ProcessingStateSchema,
  language: Type.Enum(languages, { description: "The registration's: the page's first language" }),
};

const UnverifiedRegistrationSchema = Type.Object({
  ...registrationSummaryProperties,
  verified: Type.Literal(false),
});
export type UnverifiedRegistration = Static<typeof UnverifiedRegistrationSchema>;

const VerifiedRegistrationSchema = Type.Object({
  ...registrationSummaryProperties,
  verified: Type.Literal(true),
  fields: Type.Object(registrationValueProperties, { description: 'The twelve fields as stored' }),
  version: Type.Integer({
    minimum: 1,
    description: 'Increased by every change: send it back as If-Match: "<version>"',
  }),
  correctable: Type.Boolean({
    description: 'Whether its processing state still allows corrections (new or waiting)',
  }),
  request: Type.Union(
    [
      Type.Null(),
      Type.Object({
        id: idSchema(),
        fields: RequestFieldsSchema,
        message: RequestMessageSchema,
        deadline: daySchema('The last day to answer; an answer after it is still taken'),
      }),
    ],
    { description: "The office's open request for information, or null: none awaits an answer" },
  ),
});
export type VerifiedRegistration = Static<typeof VerifiedRegistrationSchema>;

const ApplicantRegistrationSchema = Type.Union(
  [UnverifiedRegistrationSchema, VerifiedRegistrationSchema],
  { description: 'The fields, language and version only once the birthday has been given' },
);
export type ApplicantRegistration = Static<typeof ApplicantRegistrationSchema>;

const CorrectionBodySchema = Type.Object(
  { fields: CorrectedFieldsSchema },
  { additionalProperties: false },
);
export type CorrectionBody = Static<typeof CorrectionBodySchema>;

const AnswerBodySchema = Type.Object(
  {
    requestId: idSchema("The request answered: the registration's open one"),
    fields: Type.Optional(CorrectedFieldsSchema),
  },
  {
    additionalProperties: false,
    description: 'The answer: the corrected fields, or none: nothing to change',
  },
);
export type AnswerBody = Static<typeof AnswerBodySchema>;

/** 409 to an answer: the request is no longer open (withdrawn or replaced meanwhile), or the state. */
const AnswerRefusedSchema = Type.Object({
  ...ApiErrorSchema.properties,
  requestClosed: Type.Boolean({
    description: 'The office withdrew or replaced the request meanwhile',
  }),
});

/** 412: the staff changed it since the version sent (who, the applicant is not told). */
const ApplicantVersionConflictSchema = Type.Object({
  ...ApiErrorSchema.properties,
  version: Type.Integer({ description: 'The current version' }),
});
export type ApplicantVersionConflict = Static<typeof ApplicantVersionConflictSchema>;

const LinkRequestBodySchema = Type.Object(
  { email: Type.String({ maxLength: 254, description: 'The address the registration gave' }) },
  { additionalProperties: false },
);
export type LinkRequestBody = Static<typeof LinkRequestBodySchema>;

/**
 * Who did what, as the applicant's own download names them: the applicant, or the office as a
 * whole. Never a staff member (their sign-in subject or name) nor an API token's name: those are
 * the office's, not the applicant's data.
 */
export const applicantDataActors = {
  applicant: 'you',
  office: 'the admissions office',
  integration: "the admissions office's student information system",
} as const;

const ByApplicantSchema = Type.Literal(applicantDataActors.applicant);
const ByOfficeSchema = Type.Literal(applicantDataActors.office);
const ByApplicantOrOfficeSchema = Type.Union([ByApplicantSchema, ByOfficeSchema], {
  description: 'Who did it: you, or the admissions office',
});

/** A value of the form as a correction changed it. */
const CorrectedValueSchema = Type.Union([Type.String(), Type.Boolean()]);

const dataHistoryEntry = <
  EntryType extends string,
  By extends TSchema,
  Properties extends Record<string, TSchema>,
>(
  type: EntryType,
  by: By,
  properties: Properties,
) =>
  Type.Object(
    { at: timeSchema('When it happened'), by, type: Type.Literal(type), ...properties },
    { additionalProperties: false },
  );

const ApplicantHistoryEntrySchema = Type.Union(
  [
    dataHistoryEntry('received', ByApplicantSchema, {}),
    dataHistoryEntry('state', ByOfficeSchema, {
      from: ProcessingStateSchema,
      to: ProcessingStateSchema,
    }),
    dataHistoryEntry('assignee', ByOfficeSchema, {
      assigned: Type.Boolean({
        description: 'Whether someone at the admissions office has it after this step',
      }),
    }),
    dataHistoryEntry('correction', ByApplicantOrOfficeSchema, {
      field: Type.Enum(fieldNames as readonly FieldName[]),
      from: CorrectedValueSchema,
      to: CorrectedValueSchema,
    }),
    dataHistoryEntry('transfer', Type.Literal(applicantDataActors.integration), {
      externalId: Type.Union([Type.Null(), Type.String()], {
        description: 'Its id in the student information system, if that system gave one',
      }),
    }),
  ],
  { description: 'One step of the processing, by its type' },
);
export type ApplicantHistoryEntry = Static<typeof ApplicantHistoryEntrySchema>;

const ApplicantNoteSchema = Type.Object(
  {
    at: timeSchema('When it was written'),
    author: ByOfficeSchema,
    text: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * Everything stored about the registration that is the applicant's (GDPR Art. 15): their fields,
 * the reference, language, when it was sent, its state, its history and the notes about them.
 * Unlike the staff's download it names no staff member, token or other registration.
 */
const ApplicantDataSchema = Type.Object(
  {
    reference: registrationSummaryProperties.reference,
    language: Type.Enum(languages, { description: 'The language it was sent in' }),
    createdAt: timeSchema('When it was sent'),
    state: ProcessingStateSchema,
    fields: Type.Object(registrationValueProperties, {
      description: 'The twelve fields as stored',
      additionalProperties: false,
    }),
    history: Type.Array(ApplicantHistoryEntrySchema, { description: 'Oldest first' }),
    notes: Type.Array(ApplicantNoteSchema, {
      description: 'What the admissions office noted about the registration, oldest first',
    }),
  },
  { additionalProperties: false },
);
export type ApplicantData = Static<typeof ApplicantDataSchema>;

/** Each route's schema, by what it does. */
export const applicantApiSchemas = {
  createSession: {
    summary: "Exchanges the link's token for a session cookie",
    body: TokenBodySchema,
    response: {
      204: Type.Null({ description: 'The session cookie is set' }),
      403: notXsrf,
      404: Type.Object(
        {
          ...ApiErrorSchema.properties,
          language: Type.Optional(
            Type.Enum(languages, {
              description: "The registration's, while the link is only expired or locked",
            }),
          ),
        },
        { description: 'No such link: unknown, expired, locked or replaced by a newer one' },
      ),
      ...bodyAnswers,
      ...everyRouteAnswers,
    },
  },
  endSession: {
    summary: 'Signs out: ends the session, here and in the browser',
    response: {
      204: Type.Null({ description: 'Ended, the cookie cleared (also when there was none)' }),
      403: notXsrf,
      ...everyRouteAnswers,
    },
  },
  verify: {
    summary: 'Checks the birthday typed in the registration: the rest opens once it matches',
    body: BirthdayBodySchema,
    response: {
      204: Type.Null({ description: 'It matches' }),
      401: noSession,
      403: Type.Union([WrongBirthdaySchema, ApiErrorSchema], {
        description: 'A wrong birthday, with the tries left; or no XSRF header',
      }),
      422: apiErrorSchema('Not a date at all: no try is taken'),
      423: apiErrorSchema('Too many wrong birthdays: the link is locked, ask for a new one'),
      ...bodyAnswers,
      ...everyRouteAnswers,
    },
  },
  registration: {
    summary: 'The registration: its summary, and once the birthday is given its fields',
    response: { 200: ApplicantRegistrationSchema, 401: noSession, ...everyRouteAnswers },
  },
  correctRegistration: {
    summary: "Corrects fields, by the form's rules, on the version it was read at",
    headers: IfMatchHeadersSchema,
    body: CorrectionBodySchema,
    response: {
      200: VerifiedRegistrationSchema,
      401: noSession,
      403: notVerified,
      409: apiErrorSchema('Its processing state no longer allows corrections'),
      412: ApplicantVersionConflictSchema,
      422: UnprocessableChangeSchema,
      428: apiErrorSchema('No If-Match header: send the version the correction was made on'),
      ...bodyAnswers,
      ...everyRouteAnswers,
      429: apiErrorSchema(
        "Too many requests from this client, or today's corrections of the registration used up",
      ),
    },
  },
  answerRequest: {
    summary: "Answers the office's open request: corrects the fields sent, or confirms them",
    description:
      'The registration goes back "in progress" with its assignee; an answer after the deadline ' +
      'is taken and shown as late.',
    headers: IfMatchHeadersSchema,
    body: AnswerBodySchema,
    response: {
      200: VerifiedRegistrationSchema,
      401: noSession,
      403: notVerified,
      409: AnswerRefusedSchema,
      412: ApplicantVersionConflictSchema,
      422: UnprocessableChangeSchema,
      428: apiErrorSchema('No If-Match header: send the version the answer was made on'),
      ...bodyAnswers,
      ...everyRouteAnswers,
      429: apiErrorSchema(
        "Too many requests from this client, or today's corrections of the registration used up",
      ),
    },
  },
  registrationData: {
    summary:
      "Everything stored about the registration that is the applicant's (GDPR Art. 15), as a file",
    response: {
      200: ApplicantDataSchema,
      401: noSession,
      403: apiErrorSchema('The birthday has not been given'),
      ...everyRouteAnswers,
    },
  },
  withdraw: {
    summary: 'Withdraws the registration: erased as the staff erase it, and the link with it',
    response: {
      204: Type.Null({ description: 'Erased' }),
      401: noSession,
      403: notVerified,
      ...everyRouteAnswers,
    },
  },
  requestLinks: {
    summary: 'Sends each registration of the address a new link; the old ones stop working',
    body: LinkRequestBodySchema,
    response: {
      202: Type.Null({ description: 'Always the same, whether or not the address is known' }),
      403: notXsrf,
      ...bodyAnswers,
      ...everyRouteAnswers,
    },
  },
};
