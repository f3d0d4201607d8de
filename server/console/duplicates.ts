/**
 * Possible duplicates: registrations the person may see that share the email address (in any
 * letter case), or the first name, last name and birthday with case and accents ignored (the
 * name_birthday_key migration 7 keeps). SQL for queries on `registrations`; `visible` is the
 * placeholder of the programmes the person may see.
 */

/** The ids of the others each registration shares an applicant with, oldest first. */
export const duplicateOfColumn = (visible: string) => `ARRAY(
    SELECT other.id FROM registrations AS other
    WHERE other.degree_program = ANY(${visible}::text[]) AND other.id <> registrations.id
      AND (other.name_birthday_key = registrations.name_birthday_key
        OR hashtext(lower(other.email)) = hashtext(lower(registrations.email))
          AND lower(other.email) = lower(registrations.email))
    ORDER BY other.id
  ) AS duplicate_of`;

/**
 * Whether a registration shares its applicant with another: the shared addresses and keys are
 * grouped once, rather than each registration looking for its others.
 */
export const hasDuplicates = (visible: string) => `(
    lower(email) IN (
      SELECT lower(email) FROM registrations WHERE degree_program = ANY(${visible}::text[])
      GROUP BY 1 HAVING count(*) > 1)
    OR name_birthday_key IN (
      SELECT name_birthday_key FROM registrations WHERE degree_program = ANY(${visible}::text[])
      GROUP BY 1 HAVING count(*) > 1)
  )`;
