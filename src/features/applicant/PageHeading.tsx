/**
 * A view's h1 on the applicant's page. It names the view in the page's title (WCAG 2.4.2) and,
 * from the second view on (the page moved from one step to the next), takes the focus, so that a
 * screen reader starts reading there, as on a page load, and Tab goes on from it.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The first view leaves the focus where the browser put it. */
let firstView = true;

export function PageHeading({
  children,
  isPage = false,
}: {
  children: string;
  /**
   * The view is the page itself ("Min anmälan", or the registration: "Din anmälan"): its heading
   * is the title alone, not "Din anmälan – Min anmälan".
   */
  isPage?: boolean;
}) {
  const { t } = useTranslation('applicant');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = isPage ? children : t('page-title', { view: children });
  }, [t, children, isPage]);

  useEffect(() => {
    if (!firstView) heading.current?.focus();
    firstView = false;
  }, []);

  return (
    <h1 ref={heading} tabIndex={-1} className="mb-4">
      {children}
    </h1>
  );
}
