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

/** What is wrong with a question: the field to fix, and what to do. */
export interface QuestionProblem {
  field: 'message' | 'deadline';
  text: string;
}

/** The question's deadline as a day, or what is wrong with the question. */
export function readQuestion(
  t: TFunction<'staff'>,
  { message, deadline }: Question,
): { day: string; problem?: undefined } | { problem: QuestionProblem } {
  const wrongMessage = (text: string) => ({ problem: { field: 'message' as const, text } });
  if (message.trim().length < noteLength.min) return wrongMessage(t('request-message-required'));
  if (message.length > noteLength.max || !messageRule.test(message)) {
    return wrongMessage(t('request-message-invalid', { max: noteLength.max }));
  }
  if (linkInMessage.test(message)) return wrongMessage(t('request-message-link'));
  const day = dayOfText(deadline);
  return day ? { day } : { problem: { field: 'deadline', text: t('request-deadline-invalid') } };
}

/** Moves the focus to the field a problem names, in the form whose inputs begin with `prefix`. */
export const focusProblem = (prefix: string, { field }: QuestionProblem) =>
  document.getElementById(`${prefix}-${field}`)?.focus();

export function RequestQuestionFields({
  prefix,
  question,
  change,
  problem,
}: {
  /** The inputs' ids begin with it: two forms may be on one page. */
  prefix: string;
  question: Question;
  change: (question: Question) => void;
  /** Shown under its field, which is marked invalid. */
  problem?: QuestionProblem;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { fields, message, deadline } = question;
  /** A field's marking and description, with the problem's text if it is this field's. */
  const described = (field: QuestionProblem['field']) => {
    const wrong = problem?.field === field;
    return {
      className: `form-control mb-2${wrong ? ' is-invalid' : ''}`,
      'aria-invalid': wrong || undefined,
      'aria-describedby': `${prefix}-${field}-hint${wrong ? ` ${prefix}-${field}-error` : ''}`,
    };
  };
  const errorOf = (field: QuestionProblem['field']) =>
    problem?.field === field && (
      <div id={`${prefix}-${field}-error`} className="invalid-feedback d-block mt-0 mb-2">
        {problem.text}
      </div>
    );
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
        rows={4}
        value={message}
        {...described('message')}
        onChange={(event) => change({ ...question, message: event.target.value })}
      />
      {errorOf('message')}
      <div id={`${prefix}-message-hint`} className="form-text mt-0 mb-2">
        {t('request-message-hint')}
      </div>
      <label className="form-label" htmlFor={`${prefix}-deadline`}>
        {t('request-deadline-label')}
      </label>
      <input
        id={`${prefix}-deadline`}
        value={deadline}
        {...described('deadline')}
        onChange={(event) => change({ ...question, deadline: event.target.value })}
      />
      {errorOf('deadline')}
      <div id={`${prefix}-deadline-hint`} className="form-text mt-0 mb-2">
        {t('request-deadline-hint')}
      </div>
    </>
  );
}
