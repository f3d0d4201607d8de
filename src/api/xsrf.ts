import { parse } from 'cookie';
import { xsrfCookieName } from './protocol';

/** Absolute URLs (with a scheme, or protocol-relative) may point at another site. */
function isRelativeUrl(url: string): boolean {
  return !/^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
}

/** The token to echo for a request, or undefined when the rule does not apply. */
export function xsrfTokenFor(
  method: string,
  url: string,
  cookieHeader: string,
): string | undefined {
  if (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD') return undefined;
  if (!isRelativeUrl(url)) return undefined;
  return parse(cookieHeader)[xsrfCookieName] || undefined;
}
