/**
 * What an information request asks (issue 44), as one registration's form and the form for many
 * ask it alike: which fields to correct or confirm (none: the message alone), a message with a
 * note's rules and no link, and the day to answer by; and what is wrong with it, if anything.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { linkInMessage } from '../../contract/informationRequests';
import { fieldNames, type FieldName } from '../../contract/fields';
import { noteLength, notePattern } from '../../contract/processing';
import { dayOfText } from './dayText';
import { useFormatting } from './useFormatting';

const messageRule = new RegExp(notePattern, 'u');

export interface Question {
  fields: FieldName[];
  message: string;
  /** As typed: a day once dayOfText reads one in it. */
  deadline: string;
}

export const emptyQuestion: Question = { fields: [], message: '', deadline: '' };

/** The question's deadline as a day, or what is wrong with the question. */
export function readQuestion(
  t: TFunction<'staff'>,
  { message, deadline }: Question,
): { day: string; problem?: undefined } | { problem: string } {
  if (message.trim().length < noteLength.min) return { problem: t('request-message-required') };
  if (message.length > noteLength.max || !messageRule.test(message)) {
    return { problem: t('request-message-invalid', { max: noteLength.max }) };
  }
  if (linkInMessage.test(message)) return { problem: t('request-message-link') };
  const day = dayOfText(deadline);
  return day ? { day } : { problem: t('request-deadline-invalid') };
}

export function RequestQuestionFields({
  prefix,
  question,
  change,
}: {
  /** The inputs' ids begin with it: two forms may be on one page. */
  prefix: string;
  question: Question;
  change: (question: Question) => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { fields, message, deadline } = question;
  return (
    <>
      <fieldset className="mb-2">
        <legend className="form-label fs-6">{t('request-fields-label')}</legend>
        <div className="d-flex flex-wrap column-gap-3">
          {fieldNames.map((field) => (
            <div key={field} className="form-check">
              <input
                id={`${prefix}-field-${field}`}
                type="checkbox"
                className="form-check-input"
                checked={fields.includes(field)}
                onChange={(event) =>
                  change({
                    ...question,
                    fields: event.target.checked
                      ? [...fields, field]
                      : fields.filter((other) => other !== field),
                  })
                }
              />
              <label className="form-check-label" htmlFor={`${prefix}-field-${field}`}>
                {format.label(field)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <label className="form-label" htmlFor={`${prefix}-message`}>
        {t('request-message-label')}
      </label>
      <textarea
        id={`${prefix}-message`}
        className="form-control mb-2"
        rows={4}
        value={message}
        aria-describedby={`${prefix}-message-hint`}
        onChange={(event) => change({ ...question, message: event.target.value })}
      />
      <div id={`${prefix}-message-hint`} className="form-text mt-0 mb-2">
        {t('request-message-hint')}
      </div>
      <label className="form-label" htmlFor={`${prefix}-deadline`}>
        {t('request-deadline-label')}
      </label>
      <input
        id={`${prefix}-deadline`}
        className="form-control mb-2"
        value={deadline}
        aria-describedby={`${prefix}-deadline-hint`}
        onChange={(event) => change({ ...question, deadline: event.target.value })}
      />
      <div id={`${prefix}-deadline-hint`} className="form-text mt-0 mb-2">
        {t('request-deadline-hint')}
      </div>
    </>
  );
}
