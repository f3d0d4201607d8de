/**
 * PUBLIC_URL, the address people use: the applicants' links in their emails and the staff
 * console's sign-in are built on it. Without it no email carries a link (the start-up log says so),
 * except on a trial with mail as files (localTrialUrl).
 */
import { isLoopbackHost } from './loopback';

type Env = Record<string, string | undefined>;

/** How the start-up log says that the emails carry no applicant's link. */
export const noApplicantLinksHint =
  "PUBLIC_URL is not set: the confirmation emails carry no applicant's own link";

/**
 * Without SMTP_URL the emails are only written to DATA_DIR/mail, for the person at this machine:
 * their links may point here, so that `npm install && npm start` alone gives working links.
 */
export const localTrialUrl = (port: number): URL | undefined =>
  port === 0 ? undefined : new URL(`http://localhost:${port}`);

export function readPublicUrl(env: Env): URL | undefined {
  const text = env.PUBLIC_URL?.trim();
  return text ? readHttpsUrl('PUBLIC_URL', text) : undefined;
}

/** An https URL, or http on a loopback address (a local trial, the tests). */
export function readHttpsUrl(name: string, text: string): URL {
  const url = URL.parse(text);
  // "localhost:8080" parses, as a URL of the scheme "localhost:".
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new Error(
      `${name} must be an absolute URL such as https://login.example.edu, got "${text}"`,
    );
  }
  const plainHttpAllowed = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !plainHttpAllowed) {
    throw new Error(
      `${name} must use https (plain http only on a loopback address), got "${text}"`,
    );
  }
  return url;
}
