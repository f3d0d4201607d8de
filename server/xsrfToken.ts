/**
 * The XSRF token itself, apart from Fastify, so that the development server hands out the same
 * tokens as the real one (webpack.config.js loads this file).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits) in base64url. */
const tokenFormat = /^[A-Za-z0-9_-]{43}$/;

export function isXsrfToken(value: unknown): value is string {
  return typeof value === 'string' && tokenFormat.test(value);
}

/** The token a page should carry: the visitor's own when it has a valid one, else a new one. */
export function xsrfTokenFor(current: unknown): string {
  return isXsrfToken(current) ? current : randomBytes(32).toString('base64url');
}

/** Whether the header echoes the cookie (compared in constant time). */
export function headerMatchesCookie(cookie: unknown, header: unknown): boolean {
  if (!isXsrfToken(cookie) || typeof header !== 'string') return false;
  const cookieBytes = Buffer.from(cookie);
  const headerBytes = Buffer.from(header);
  return cookieBytes.length === headerBytes.length && timingSafeEqual(cookieBytes, headerBytes);
}
