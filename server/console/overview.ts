/**
 * The overview: per programme the person may see, how many registrations are in each state, and
 * how many have an information request unanswered past its deadline, and how many were received
 * on each of the last days, days as TIME_ZONE's calendar has them.
 */
import type { Database } from '../db/database';
import {
  overviewDays,
  processingStates,
  type ProcessingState,
} from '../../src/contract/processing';
import type { Overview } from '../../src/contract/consoleApiSchemas';
import { dayIn, startOfDay, wallClockTime } from '../timeZone';
import { requestOpen } from './informationRequests';
import type { DegreeProgram } from '../../src/contract/fields';

/**
 * The last `count` days up to the one `now` is on in `timeZone`, oldest first, and the day after
 * (whose start ends them), as YYYY-MM-DD.
 */
function lastDaysAndNext(now: Date, timeZone: string, count: number): string[] {
  const today = new Date(wallClockTime(now, timeZone).toISOString().slice(0, 10));
  return Array.from({ length: count + 1 }, (_, index) => {
    const day = new Date(today);
    day.setUTCDate(today.getUTCDate() - (count - 1) + index);
    return day.toISOString().slice(0, 10);
  });
}

/**
 * One statement, one read of the rows: each programme's counts by state and by day (as
 * width_bucket numbers them: 1 for a time on the first day, … overviewDays for one on the last,
 * 0 before and overviewDays + 1 after). Two queries, one by state and one by day in a snapshot,
 * took longer than the target at 100,000 registrations on PGlite.
 */
export async function readOverview(
  db: Database,
  programmes: readonly DegreeProgram[],
  timeZone: string,
  now: Date,
): Promise<Overview> {
  const days = lastDaysAndNext(now, timeZone, overviewDays);
  const counts = await db.query<{
    code: DegreeProgram;
    state: ProcessingState;
    bucket: number;
    count: number;
  }>(
    `SELECT degree_program AS code, state, width_bucket(created_at, $2::timestamptz[]) AS bucket,
       count(*)::integer AS count
     FROM registrations WHERE degree_program = ANY($1::text[]) GROUP BY 1, 2, 3`,
    [programmes, days.map((day) => startOfDay(day, timeZone))],
  );
  // Few requests are open at once: the deadline's partial index finds the overdue ones.
  const overdue = await db.query<{ code: DegreeProgram; count: number }>(
    `SELECT registrations.degree_program AS code, count(*)::integer AS count
     FROM registration_requests JOIN registrations
       ON registrations.id = registration_requests.registration_id
     WHERE ${requestOpen('registration_requests')} AND registration_requests.deadline < $2
       AND registrations.degree_program = ANY($1::text[])
     GROUP BY 1`,
    [programmes, dayIn(now, timeZone)],
  );
  const sum = (matches: (row: (typeof counts)[number]) => boolean) =>
    counts.reduce((total, row) => total + (matches(row) ? row.count : 0), 0);
  return {
    programmes: programmes.map((code) => ({
      code,
      states: Object.fromEntries(
        processingStates.map((state) => [
          state,
          sum((row) => row.code === code && row.state === state),
        ]),
      ) as Overview['programmes'][number]['states'],
      overdue: overdue.find((row) => row.code === code)?.count ?? 0,
    })),
    days: days.slice(0, overviewDays).map((day, index) => ({
      day,
      count: sum((row) => row.bucket === index + 1),
    })),
  };
}
