/**
 * The staff console's settings (STAFF_OIDC_*, PUBLIC_URL, STAFF_GROUPS_CLAIM, STAFF_ACCESS). The
 * console is off, and /staff answers 404, until STAFF_OIDC_ISSUER is set; then every other
 * setting it needs must be there too, or the server refuses to start, saying which.
 */
import { readHttpsUrl, readPublicUrl } from '../publicUrl';
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
  const issuer = readHttpsUrl('STAFF_OIDC_ISSUER', issuerText);
  const publicUrl = readPublicUrl(env);
  if (!publicUrl) throw new Error('PUBLIC_URL must be set when STAFF_OIDC_ISSUER is');
  return {
    issuer,
    clientId: required('STAFF_OIDC_CLIENT_ID'),
    clientSecret: required('STAFF_OIDC_CLIENT_SECRET'),
    publicUrl,
    groupsClaim: env.STAFF_GROUPS_CLAIM?.trim() || 'groups',
    access: parseStaffAccess(required('STAFF_ACCESS')),
  };
}
