/**
 * The overview: per programme the person may see, how many registrations are in each state, and
 * how many were received on each of the last days, days as TIME_ZONE's calendar has them.
 */
import { snapshotTransaction, type Database } from '../db/database';
import {
  overviewDays,
  processingStates,
  type ProcessingState,
} from '../../src/contract/processing';
import type { Overview } from '../../src/contract/consoleApiSchemas';
import { startOfDay, wallClockTime } from '../timeZone';
import type { DegreeProgram } from './access';

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

export function readOverview(
  db: Database,
  programmes: readonly DegreeProgram[],
  timeZone: string,
  now: Date,
): Promise<Overview> {
  const days = lastDaysAndNext(now, timeZone, overviewDays);
  const bounds = days.map((day) => startOfDay(day, timeZone));
  return snapshotTransaction(db, async (tx) => {
    const counts = await tx.query<{ code: DegreeProgram; state: ProcessingState; count: number }>(
      `SELECT degree_program AS code, state, count(*)::integer AS count FROM registrations
       WHERE degree_program = ANY($1::text[]) GROUP BY 1, 2`,
      [programmes],
    );
    // width_bucket: 1 for a time on the first day, … overviewDays for one on the last.
    const perDay = await tx.query<{ bucket: number; count: number }>(
      `SELECT width_bucket(created_at, $2::timestamptz[]) AS bucket, count(*)::integer AS count
       FROM registrations
       WHERE degree_program = ANY($1::text[]) AND created_at >= $3 AND created_at < $4
       GROUP BY 1`,
      [programmes, bounds, bounds[0], bounds[overviewDays]],
    );
    const countOf = (code: DegreeProgram, state: ProcessingState) =>
      counts.find((row) => row.code === code && row.state === state)?.count ?? 0;
    return {
      programmes: programmes.map((code) => ({
        code,
        states: Object.fromEntries(
          processingStates.map((state) => [state, countOf(code, state)]),
        ) as Overview['programmes'][number]['states'],
      })),
      days: days.slice(0, overviewDays).map((day, index) => ({
        day,
        count: perDay.find((row) => row.bucket === index + 1)?.count ?? 0,
      })),
    };
  });
}
