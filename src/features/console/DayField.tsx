/**
 * A date filter's field: the day in the console's language's format, with an example under the
 * label, and what is wrong under the field once the filter is applied with a day that is none (a
 * two-digit year too: 29.11.26 could be 1926 as well) or that ends a range before its start.
 * The form reads the field's text; `dayOfText` turns it into the day the address keeps.
 */
import { useTranslation } from 'react-i18next';
import { useFormatting } from './useFormatting';

/** A day for the hint's example: its day and month cannot be mistaken for each other. */
const exampleDay = '2026-03-17';

export function DayField({
  id,
  name,
  label,
  day,
  invalid,
  reversed = false,
}: {
  id: string;
  name: string;
  label: string;
  /** The day applied (YYYY-MM-DD), if any. */
  day: string | undefined;
  /** The text applied names no day. */
  invalid: boolean;
  /** The day applied is before the range's start (the range's end only). */
  reversed?: boolean;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const error = invalid
    ? t('day-invalid', { example: format.date(exampleDay) })
    : reversed && t('days-reversed');
  return (
    <>
      <label className="form-label mb-0" htmlFor={id}>
        {label}
      </label>
      <div id={`${id}-hint`} className="form-text mt-0 mb-1">
        {t('day-hint', { example: format.date(exampleDay) })}
      </div>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete="off"
        className={`form-control${error ? ' is-invalid' : ''}`}
        defaultValue={day && format.date(day)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}
