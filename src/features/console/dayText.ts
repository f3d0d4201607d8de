/**
 * A day as staff type it in the console's date filters: as the console writes it (7.3.2026 in
 * Swedish, 07/03/2026 in English: day first, as in Finland) or as ISO 8601 (2026-03-07), read by
 * the product's one date reader. A text field, not `<input type="date">`: Chromium shows the
 * browser's own format there (mm/dd/yyyy in an English browser), whatever the page's or the
 * input's `lang`.
 */
import { readTypedDate, twoDigits } from '../../contract/typedDate';

/** The day (YYYY-MM-DD) `text` names, or undefined when it names none (31.2.2026). */
export function dayOfText(text: string): string | undefined {
  const date = readTypedDate(text);
  return date && `${date.year}-${twoDigits(date.month)}-${twoDigits(date.day)}`;
}
