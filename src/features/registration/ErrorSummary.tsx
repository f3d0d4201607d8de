import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { fieldNames } from '../../contract/fields';
import { fieldMessage, fieldNameKey, summaryEntry } from './fieldMessages';
import { focusField } from './focusField';
import { selectSummaryErrors } from './registrationSlice';

export const errorSummaryId = 'error-summary';

/**
 * The GOV.UK error summary: after an invalid submit, a heading and one link per invalid field,
 * in the form's order, each with its field's name. `submits` counts the invalid submits: each
 * one moves focus here.
 */
export function ErrorSummary({ submits }: { submits: number }) {
  const errors = useAppSelector(selectSummaryErrors);
  const { t, i18n } = useTranslation();
  const summary = useRef<HTMLDivElement>(null);
  const invalidFields = fieldNames.filter((field) => errors[field]);

  useEffect(() => {
    if (submits > 0) summary.current?.focus();
  }, [submits]);

  if (invalidFields.length === 0) return null;
  return (
    <div
      ref={summary}
      id={errorSummaryId}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby={`${errorSummaryId}-heading`}
      role="region"
    >
      <h2 id={`${errorSummaryId}-heading`} className="h4">
        {t('form.error-summary-heading')}
      </h2>
      <ul className="mb-0">
        {invalidFields.map((field) => (
          <li key={field}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(field);
              }}
            >
              {summaryEntry(t(fieldNameKey(field)), fieldMessage(t, errors[field]!), i18n.language)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
