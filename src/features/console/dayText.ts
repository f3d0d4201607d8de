/**
 * A day as staff type it in the console's date filters: as the console writes it (7.3.2026 in
 * Swedish, 07/03/2026 in English: day first, as in Finland) or as ISO 8601 (2026-03-07). A text
 * field, not `<input type="date">`: Chromium shows the browser's own format there (mm/dd/yyyy
 * in an English browser), whatever the page's or the input's `lang`.
 */
const dayFirst = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;
const iso = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day (YYYY-MM-DD) `text` names, or undefined when it names none (31.2.2026). */
export function dayOfText(text: string): string | undefined {
  const trimmed = text.trim();
  const dayMonthYear = dayFirst.exec(trimmed);
  const yearMonthDay = iso.exec(trimmed);
  const [year, month, day] = dayMonthYear
    ? [dayMonthYear[3], dayMonthYear[2], dayMonthYear[1]].map(Number)
    : yearMonthDay
      ? yearMonthDay.slice(1).map(Number)
      : [];
  if (year === undefined) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date.toISOString().slice(0, 10)
    : undefined;
}
