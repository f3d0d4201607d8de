/**
 * OpenID Connect Back-Channel Logout 1.0, when the provider offers it (backchannel_logout_supported
 * in its discovery): when the person signs out at the provider, it posts a logout token here, and
 * every console session of that person made under the provider ends. The token is a JWT the
 * provider signs with a key of its published set (jose checks the signature, iss, aud and iat);
 * besides, it must carry the logout event, a subject and a jti, and no nonce. A token is taken
 * once by this instance; and it ends only sessions begun before it was issued (give or take a
 * minute of the clocks' difference), so that one replayed to another instance cannot end a later
 * sign-in.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type * as client from 'openid-client';
import { backChannelLogoutPath } from '../../src/contract/consolePaths';
import type { Queryable } from '../db/database';
import { recordAudit } from '../operations/auditLog';
import type { StaffConsoleSettings } from './settings';

/** How old a logout token may be: the provider sends it at once. */
export const logoutTokenMaxAgeSeconds = 5 * 60;
const logoutEvent = 'http://schemas.openid.net/event/backchannel-logout';
/** How far the provider's clock may be behind ours when it says when the person signed out. */
const clockSkewSeconds = 60;
/** A logout token is a few hundred bytes; a form body longer than this is no logout. */
const bodyLimit = 16 * 1024;

export interface BackChannelLogoutOptions {
  settings: StaffConsoleSettings;
  provider: () => Promise<client.Configuration>;
  database: Queryable;
  now: () => Date;
}

/** The logout token's claims, once its signature, issuer, audience and age are checked. */
function isLogout(claims: JWTPayload): claims is JWTPayload & { sub: string; jti: string } {
  const events = claims.events as Record<string, unknown> | undefined;
  return (
    typeof events?.[logoutEvent] === 'object' &&
    typeof claims.sub === 'string' &&
    typeof claims.jti === 'string' &&
    claims.nonce === undefined
  );
}

export const backChannelLogoutPlugin: FastifyPluginAsync<BackChannelLogoutOptions> = async (
  app,
  { settings, provider, database, now },
) => {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  /** The jti of each token taken, until it is too old to be taken anyway. */
  const taken = new Map<string, number>();

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post<{ Body: { logout_token?: string } }>(backChannelLogoutPath, async (request, reply) => {
    const metadata = (await provider()).serverMetadata();
    if (!metadata.backchannel_logout_supported || !metadata.jwks_uri) {
      throw app.httpErrors.notFound('The provider offers no back-channel logout');
    }
    keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const token = request.body?.logout_token;
    let claims: JWTPayload;
    try {
      if (typeof token !== 'string') throw new TypeError('no logout_token');
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: metadata.issuer,
        audience: settings.clientId,
        maxTokenAge: logoutTokenMaxAgeSeconds,
        requiredClaims: ['iat', 'jti', 'events'],
        currentDate: now(),
      }));
    } catch (error) {
      // Why, by its kind only: a token names a person.
      request.log.warn({ errorName: (error as Error).name }, 'logout token refused');
      throw app.httpErrors.badRequest('Not a logout token of the provider');
    }
    const nowSeconds = now().getTime() / 1000;
    for (const [jti, issuedAt] of taken) {
      if (issuedAt < nowSeconds - logoutTokenMaxAgeSeconds) taken.delete(jti);
    }
    if (!isLogout(claims) || taken.has(claims.jti)) {
      throw app.httpErrors.badRequest('Not a logout token of the provider, or one already taken');
    }
    taken.set(claims.jti, claims.iat!);
    const ended = await database.query(
      `DELETE FROM staff_sessions WHERE subject = $1 AND issuer = $2 AND client_id = $3
         AND created_at < $4 RETURNING 1`,
      [
        claims.sub,
        settings.issuer.href,
        settings.clientId,
        new Date((claims.iat! + clockSkewSeconds) * 1000),
      ],
    );
    await recordAudit(database, {
      command: 'end-sessions',
      rowCount: ended.length,
      actor: `sso provider ${settings.issuer.href}`,
      details: `subject=${JSON.stringify(claims.sub)} back-channel logout`,
    });
    return reply.code(200).send();
  });
};
