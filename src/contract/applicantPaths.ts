/**
 * The applicant's own link (issue 34): where its page and API live and the limits that guard it,
 * shared by the /my page and the server.
 */

/** The applicant's page; the emailed link is `PUBLIC_URL/my/<token>`. */
export const applicantPagePath = '/my';

/** The applicant's API, JSON; its session cookie is sent under applicantPagePath alone. */
export const applicantApiPath = '/my/api';

/** The emailed link's address for a token. */
export const applicantLinkPath = (token: string) => `${applicantPagePath}/${token}`;

/** The session cookie's name (HttpOnly, SameSite=Strict, Path=/my). */
export const applicantSessionCookieName = 'my-session';

/** A session ends after this many minutes without a request. */
export const applicantSessionIdleMinutes = 30;

/** Wrong birthdays a link takes: the last of them locks it, and a new link must be asked for. */
export const birthdayTries = 5;

/**
 * A token as the link carries it: 32 random bytes in base64url (256 bits). The API refuses
 * anything else unread.
 */
export const applicantTokenPattern = '^[A-Za-z0-9_-]{43}$';
