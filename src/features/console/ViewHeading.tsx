/**
 * A console view's h1. It names the view in the page's title, in the language shown (WCAG 2.4.2),
 * and, once the person has moved within the console, takes the focus when the view appears, so
 * that a screen reader starts reading there (as on a page load) and Tab goes on from it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** The address the console opened at: its first view leaves the focus where the browser put it. */
let openedAt: string | undefined = window.location.pathname;

export function ViewHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('staff');
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = t('page-title', { view: title });
  }, [t, title]);

  // A new view, not a new filter or page of the same one: those keep the focus on what was pressed.
  useEffect(() => {
    if (pathname !== openedAt) openedAt = undefined;
    if (openedAt === undefined) heading.current?.focus();
  }, [pathname]);

  return (
    <h1 ref={heading} tabIndex={-1}>
      {children ?? title}
    </h1>
  );
}
