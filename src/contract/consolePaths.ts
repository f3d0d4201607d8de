/**
 * The console's pages that need no session, where the server sends the browser after a sign-out
 * or a sign-in that did not succeed, or that the provider's answer made impossible. (A page that needed one would go straight on to the
 * provider, which may sign the person in again at once.)
 */
export const sessionPages = {
  signedOut: 'signed-out',
  signInFailed: 'sign-in-failed',
  signInRefused: 'sign-in-refused',
} as const;

/** A page's address under /staff. */
export const sessionPagePath = (page: keyof typeof sessionPages) => `/staff/${sessionPages[page]}`;

/** Where the staff API answers: the console's and scripts' JSON. */
export const consoleApiPath = '/staff/api';

/** Where the console posts to sign out: a POST with the XSRF header, so that no other site can. */
export const signOutPath = '/staff/logout';

/**
 * Where the provider posts a logout token when the person signs out there (OpenID Connect
 * Back-Channel Logout): the address to register with the provider as backchannel_logout_uri.
 */
export const backChannelLogoutPath = '/staff/backchannel-logout';
