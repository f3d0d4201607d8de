/**
 * The office's information requests to the applicant (issue 44): which fields to correct or
 * confirm, a message and a deadline. The staff API's schemas for them, beside the routes that take
 * them (server/console/requestRoutes.ts); the console imports types only.
 */
import { Type, type Static } from 'typebox';
import { fieldNames, type FieldName } from './fields';
import { daySchema, idSchema, timeSchema } from './apiFormats';
import { noteLength, notePattern } from './processing';

/** The fields a request may name: any of the form's, or none (the message alone). */
export const RequestFieldsSchema = Type.Array(Type.Enum(fieldNames as readonly FieldName[]), {
  uniqueItems: true,
  maxItems: fieldNames.length,
  description: 'The fields the applicant is asked to correct or confirm; none: the message alone',
});

/** The message: a note's length and characters, as written. */
export const RequestMessageSchema = Type.String({
  minLength: noteLength.min,
  maxLength: noteLength.max,
  pattern: notePattern,
  description: 'What the applicant is asked, sent to them by email; never in the audit log',
});

/**
 * What reads as a link in a message: the email carries no link but the applicant's own and the
 * institution's (the confirmation's rule against phishing), and mail readers make these links.
 */
export const linkInMessage = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i;

export const RequestBodySchema = Type.Object(
  {
    fields: RequestFieldsSchema,
    message: RequestMessageSchema,
    deadline: daySchema('The last day to answer, in TIME_ZONE: today or later'),
  },
  {
    additionalProperties: false,
    examples: [
      {
        fields: ['phoneNumber'],
        message: 'Your phone number does not answer: please correct it.',
        deadline: '2026-12-15',
      },
    ],
  },
);
export type RequestBody = Static<typeof RequestBodySchema>;

const nullableTime = (description: string) => Type.Union([Type.Null(), timeSchema(description)]);

export const InformationRequestSchema = Type.Object(
  {
    id: idSchema(),
    requestedAt: timeSchema('When it was sent'),
    fields: RequestFieldsSchema,
    message: RequestMessageSchema,
    deadline: daySchema('The last day to answer, in TIME_ZONE'),
    remindedAt: nullableTime('When the applicant was reminded of it, or null: not yet'),
    answeredAt: nullableTime('When the applicant answered it, or null: not yet'),
    late: Type.Boolean({ description: 'Answered after its deadline' }),
    withdrawnAt: nullableTime('When the office withdrew or replaced it, or null'),
    overdue: Type.Boolean({ description: 'Open, and its deadline has passed' }),
  },
  { description: 'A request for information from the applicant' },
);
export type InformationRequest = Static<typeof InformationRequestSchema>;
