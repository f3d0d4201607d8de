/**
 * The staff console's settings (STAFF_OIDC_*, PUBLIC_URL, STAFF_GROUPS_CLAIM, STAFF_ACCESS). The
 * console is off, and /staff answers 404, until STAFF_OIDC_ISSUER is set; then every other
 * setting it needs must be there too, or the server refuses to start, saying which.
 */
import { isLoopbackHost } from '../loopback';
import { parseStaffAccess, type StaffAccessRules } from './access';

export interface StaffConsoleSettings {
  /** The OpenID provider; its discovery document is at /.well-known/openid-configuration. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The address people use: the redirect URI is PUBLIC_URL/staff/callback. */
  publicUrl: URL;
  /** The ID token or userinfo claim holding the person's groups. */
  groupsClaim: string;
  access: StaffAccessRules;
}

type Env = Record<string, string | undefined>;

/** How the start-up log says to turn the console on. */
export const consoleOffHint =
  'the staff console is off: set STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID, ' +
  'STAFF_OIDC_CLIENT_SECRET, PUBLIC_URL and STAFF_ACCESS to turn it on ' +
  '(npm run dev:idp starts a local OpenID provider and prints them)';

export function readStaffConsoleSettings(env: Env): StaffConsoleSettings | undefined {
  const issuerText = env.STAFF_OIDC_ISSUER?.trim();
  if (!issuerText) return undefined;
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`${name} must be set when STAFF_OIDC_ISSUER is`);
    return value;
  };
  const issuer = readUrl('STAFF_OIDC_ISSUER', issuerText);
  const publicUrl = readUrl('PUBLIC_URL', required('PUBLIC_URL'));
  return {
    issuer,
    clientId: required('STAFF_OIDC_CLIENT_ID'),
    clientSecret: required('STAFF_OIDC_CLIENT_SECRET'),
    publicUrl,
    groupsClaim: env.STAFF_GROUPS_CLAIM?.trim() || 'groups',
    access: parseStaffAccess(required('STAFF_ACCESS')),
  };
}

/** An https URL, or http on a loopback address (a local trial, the tests). */
function readUrl(name: string, text: string): URL {
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
