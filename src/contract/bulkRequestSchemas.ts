/**
 * An information request to many registrations at once (issue 44): those the ids name or every one
 * the filter finds, within the person's access, each asked as one request would ask it. The staff
 * API's schemas, beside the route that takes them (server/console/requestRoutes.ts); the console
 * imports types only.
 */
import { Type, type Static } from 'typebox';
import { idSchema } from './apiFormats';
import { BulkFilterSchema } from './consoleApiSchemas';
import { RequestBodySchema } from './informationRequests';

/** A request by ids names at most this many (the body then still fits its route's limit). */
export const bulkRequestIdsMax = 2000;

const asked = {
  fields: ['phoneNumber'],
  message: 'Please confirm your phone number.',
  deadline: '2026-12-15',
};

export const BulkRequestBodySchema = Type.Union(
  [
    Type.Object(
      {
        ids: Type.Array(idSchema(), {
          minItems: 1,
          maxItems: bulkRequestIdsMax,
          description: "Those outside the person's access are skipped",
        }),
        ...RequestBodySchema.properties,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { filter: BulkFilterSchema, ...RequestBodySchema.properties },
      { additionalProperties: false },
    ),
  ],
  {
    examples: [
      { ids: [1, 2], ...asked },
      { filter: { state: 'new' }, ...asked },
    ],
  },
);
export type BulkRequestBody = Static<typeof BulkRequestBodySchema>;

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const BulkRequestResultSchema = Type.Object(
  {
    asked: count('How many were asked: each is now waiting for its applicant, who is emailed'),
    replaced: count('Of those, how many had an open request, which this one replaced'),
    skipped: Type.Object(
      {
        withdrawn: count('Ids of registrations their applicants withdrew'),
        notVisible: count('Ids of no registration the person may see'),
      },
      { description: 'The ids not asked, by why (none for a filter)' },
    ),
  },
  { description: "Done: the emails leave at the outbox's pace" },
);
export type BulkRequestResult = Static<typeof BulkRequestResultSchema>;
