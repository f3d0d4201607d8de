/**
 * The applicant's corrections of a registration, held to APPLICANT_CORRECTIONS_PER_DAY: each one
 * mails a notice in the institution's name (to the old address too when the email changes), so
 * that a correction cannot be a way to send mail without end. A day begins with its first
 * correction. Counted in the correction's transaction, in the statement that checks the count, so
 * that a refused or failed correction counts nothing and two at once cannot both take the last.
 */
import type { Queryable } from '../db/database';

/** Thrown in the correction's transaction once the day's corrections are used up. */
export class CorrectionsUsedUp extends Error {
  constructor() {
    super("This registration's corrections for today are used up");
  }
}

/** Counts a correction of registration `registrationId`; throws CorrectionsUsedUp beyond `perDay`. */
export async function countCorrection(
  tx: Queryable,
  registrationId: number,
  perDay: number,
): Promise<void> {
  const dayOver = `applicant_corrections.day_began_at <= now() - interval '1 day'`;
  const counted = await tx.query(
    `INSERT INTO applicant_corrections (registration_id, day_began_at, corrections)
     VALUES ($1, now(), 1)
     ON CONFLICT (registration_id) DO UPDATE SET
       day_began_at = CASE WHEN ${dayOver} THEN now() ELSE applicant_corrections.day_began_at END,
       corrections = CASE WHEN ${dayOver} THEN 1 ELSE applicant_corrections.corrections + 1 END
     WHERE ${dayOver} OR applicant_corrections.corrections < $2
     RETURNING corrections`,
    [registrationId, perDay],
  );
  if (counted.length === 0) throw new CorrectionsUsedUp();
}
