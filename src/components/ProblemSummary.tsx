/**
 * The GOV.UK error summary of the forms outside the main one (the main form's is
 * src/features/registration/ErrorSummary.tsx, kept apart so its bundle stays small): a heading
 * and one link per problem that moves the focus to its control. The form moves the focus here
 * through `summaryRef` after an invalid submit.
 */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export interface Problem {
  /** The id of the control the link leads to. */
  controlId: string;
  /** The field's name and what is wrong with it, as read. */
  text: string;
}

export function ProblemSummary({
  idPrefix,
  problems,
  summaryRef,
  heading: Heading = 'h3',
}: {
  idPrefix: string;
  problems: readonly Problem[];
  summaryRef: RefObject<HTMLDivElement | null>;
  /** The heading's level under the form's heading. */
  heading?: 'h2' | 'h3' | 'h4';
}) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const headingId = `${idPrefix}-errors-heading`;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      className="error-summary"
    >
      <Heading id={headingId} className="h5">
        {t('form.error-summary-heading', { ns: 'translation' })}
      </Heading>
      <ul className="mb-0">
        {problems.map(({ controlId, text }) => (
          <li key={controlId}>
            <a
              href={`#${controlId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(controlId)?.focus();
              }}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
