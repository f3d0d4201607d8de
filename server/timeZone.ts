/**
 * Times as people read them: in the institution's time zone (TIME_ZONE), converted with Intl.
 * Intl turns an instant into the time a zone's clocks show; the one conversion it lacks, a day's
 * start in a zone, is derived from that with the zone's offset.
 */

/** Making a DateTimeFormat costs far more than using one: one per zone. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    const numeric = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((part) => [
      part,
      'numeric',
    ]);
    // Read back as numbers, never shown, so not a language's locale: any with the Gregorian
    // calendar and Latin digits gives the same parts, whatever the machine's own locale.
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      ...Object.fromEntries(numeric),
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows `name` as a time zone (an IANA name such as Europe/Helsinki, or UTC). */
export function isTimeZone(name: string): boolean {
  // Newer engines also take offsets such as +02:00, which follow no summer time.
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    wallClockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The time the clocks in `timeZone` show at `date`, as a Date whose UTC fields hold it: the form
 * a spreadsheet keeps dates in, with no zone.
 */
export function wallClockTime(date: Date, timeZone: string): Date {
  const parts = wallClockFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((found) => found.type === type)?.value);
  return new Date(
    Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
      date.getUTCMilliseconds(),
    ),
  );
}

/** How far `timeZone`'s clocks are ahead of UTC at `date`, in milliseconds. */
const offsetAt = (date: Date, timeZone: string) =>
  wallClockTime(date, timeZone).getTime() - date.getTime();

/** ISO 8601 to the second, with the zone's offset at that time: 2026-11-25T00:03:00+02:00. */
export function isoInTimeZone(date: Date, timeZone: string): string {
  const offsetMinutes = Math.round(offsetAt(date, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  const wallClock = wallClockTime(date, timeZone).toISOString().slice(0, 19);
  return `${wallClock}${sign}${hours}:${minutes}`;
}

/** Whether `text` is a day of the calendar written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** When `day` (YYYY-MM-DD, see isDay) begins in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  // Midnight less the offset there, or less the offset at that guess when it crosses a change of
  // offset; where a change skips midnight, the day starts at the first instant that is on it.
  const first = new Date(midnightUtc.getTime() - offsetAt(midnightUtc, timeZone));
  const second = new Date(midnightUtc.getTime() - offsetAt(first, timeZone));
  const onTheDay = [first, second].filter(
    (candidate) => wallClockTime(candidate, timeZone).toISOString().slice(0, 10) === day,
  );
  return new Date(Math.min(...onTheDay.map((candidate) => candidate.getTime())));
}

/** The day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) the clocks in `timeZone` show at `date`. */
export const dayIn = (date: Date, timeZone: string): string =>
  wallClockTime(date, timeZone).toISOString().slice(0, 10);
