import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { config } from '../../config';

/**
 * The thank-you or error view: heading, HTML paragraph from the translation (with `values`
 * interpolated), external link.
 */
export function OutcomeView({
  keyPrefix,
  values,
}: {
  keyPrefix: 'send-page-thankyou' | 'send-page-error';
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);

  // Moves focus to the news, so screen readers announce the outcome.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className={`outcome outcome-${keyPrefix}`}>
      <h1 ref={heading} tabIndex={-1} className="h2">
        {t(`${keyPrefix}.heading-label`)}
      </h1>
      <p className="lead">
        <Trans i18nKey={`${keyPrefix}.paragraph-label`} values={values} />
      </p>
      <a className="btn btn-primary btn-lg" href={config.externalSiteUrl}>
        {t(`${keyPrefix}.link-label`)}
      </a>
    </section>
  );
}
