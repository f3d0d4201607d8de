/**
 * Reminders of the office's information requests (issue 44): REQUEST_REMINDER_DAYS before the
 * deadline the applicant is emailed once more, unless the request was made fewer days before it.
 * Each request's reminder is queued once: the statement that queues it marks it reminded, and
 * takes only those not yet marked, so that two instances or two runs cannot both queue one.
 */
import type { Queryable } from '../db/database';
import { requestOpen } from '../console/informationRequests';
import { storedAhead } from './applicantMail';

export interface ReminderSettings {
  /** REQUEST_REMINDER_DAYS; 0: none. */
  days: number;
  /** Today in TIME_ZONE (YYYY-MM-DD), and TIME_ZONE, in which the deadlines are days. */
  today: string;
  timeZone: string;
}

/** Queues the reminders due today; resolves with how many. */
export async function queueDueReminders(
  db: Queryable,
  { days, today, timeZone }: ReminderSettings,
): Promise<number> {
  if (days === 0) return 0;
  const queued = await db.query(
    `WITH due AS (
       UPDATE registration_requests SET reminded_at = now()
       WHERE ${requestOpen('registration_requests')} AND reminded_at IS NULL
         AND deadline >= $1 AND deadline <= to_char($1::date + $2::integer, 'YYYY-MM-DD')
         AND (requested_at AT TIME ZONE $3)::date <= deadline::date - $2::integer
       RETURNING id, registration_id
     )
     INSERT INTO applicant_mail (kind, registration_id, request_id, next_attempt_at)
     SELECT 'request-reminder', registration_id, id, now() + ${storedAhead("'request-reminder'")}
     FROM due
     RETURNING id`,
    [today, days, timeZone],
  );
  return queued.length;
}
