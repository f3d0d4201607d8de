/**
 * Possible duplicates: registrations the person may see that share the email address (in any
 * letter case), or the first name, last name and birthday with case and accents ignored. The
 * database keeps the pairs (registration_duplicates, migration 13) with the other's programme;
 * these read those whose other half the person may see. SQL for queries on `registrations`; `visible` is the placeholder of
 * the programmes the person may see.
 */

const visiblePairs = (visible: string) =>
  `registration_duplicates WHERE other_degree_program = ANY(${visible}::text[])`;

/** The ids of the others each registration shares an applicant with, oldest first. */
export const duplicateOfColumn = (visible: string) => `ARRAY(
    SELECT other_id FROM ${visiblePairs(visible)} AND registration_id = registrations.id
    ORDER BY other_id
  ) AS duplicate_of`;

/** Whether a registration shares its applicant with another. */
export const hasDuplicates = (visible: string) =>
  `registrations.id IN (SELECT registration_id FROM ${visiblePairs(visible)})`;
