/**
 * Possible duplicates: registrations the person may see that share the birthday and a similar
 * name, the email address (in any letter case) or the phone number (migration 23). The database
 * keeps the pairs (registration_duplicates) with the other's programme; these read those whose
 * other half the person may see. A pair the staff resolved (duplicateReviews.ts) is no longer
 * marked. SQL for queries on `registrations`; `visible` is the placeholder of the programmes the
 * person may see.
 */

/** The staff's latest word on a pair of registration_duplicates, or null: none. */
export const latestResolution = `(SELECT resolution FROM registration_duplicate_reviews AS review
    WHERE review.registration_id = registration_duplicates.registration_id
      AND review.other_id = registration_duplicates.other_id
    ORDER BY review.id DESC LIMIT 1)`;

const openPairs = (visible: string) =>
  `registration_duplicates WHERE other_degree_program = ANY(${visible}::text[])
    AND coalesce(${latestResolution}, 'open') = 'open'`;

/** The ids of the others each registration may share an applicant with, oldest first. */
export const duplicateOfColumn = (visible: string) => `ARRAY(
    SELECT other_id FROM ${openPairs(visible)} AND registration_id = registrations.id
    ORDER BY other_id
  ) AS duplicate_of`;

/** Whether a registration may share its applicant with another, unresolved. */
export const hasDuplicates = (visible: string) =>
  `registrations.id IN (SELECT registration_id FROM ${openPairs(visible)})`;
