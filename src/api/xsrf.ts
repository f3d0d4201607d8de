import { parse } from 'cookie';
import { xsrfCookieName, xsrfHeaderName } from '../contract/protocol';

/**
 * Whether the request goes to this page's own origin, as the browser will resolve it: a pattern
 * on the text misses forms such as `/\evil.example/`, which the URL parser reads as another host.
 */
function isSameOrigin(url: string): boolean {
  return new URL(url, location.href).origin === location.origin;
}

/** The token to echo for a request, or undefined when the rule does not apply. */
export function xsrfTokenFor(
  method: string,
  url: string,
  cookieHeader: string,
): string | undefined {
  if (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD') return undefined;
  if (!isSameOrigin(url)) return undefined;
  return parse(cookieHeader)[xsrfCookieName] || undefined;
}

/** The XSRF header a request from this page needs: none, or the cookie's token echoed. */
export function xsrfHeaderFor(method: string, url: string): Record<string, string> {
  const token = xsrfTokenFor(method, url, document.cookie);
  return token ? { [xsrfHeaderName]: token } : {};
}
