/**
 * A local OpenID provider for trying the staff console (oidc-provider), with three demo accounts:
 * `admin` (every programme), `coordinator` (MIDS only) and `outsider` (no access). Its login form
 * takes any password. It prints the settings to start the server with; the tests start it too.
 * Never part of `npm start`: a real deployment signs in through the university's provider.
 *
 *   npm run dev:idp                 # on http://127.0.0.1:9400, for a server on http://localhost:8080
 *   IDP_PORT=0 PUBLIC_URL=http://127.0.0.1:3000 node scripts/dev-idp.mjs
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.IDP_PORT ?? 9400);
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const clientId = 'registration-staff-console';
const clientSecret = randomBytes(24).toString('base64url');

const demoAccounts = {
  admin: { name: 'Alma Admin', email: 'alma.admin@example.edu', groups: ['admissions-admins'] },
  coordinator: {
    name: 'Cai Coordinator',
    email: 'cai.coordinator@example.edu',
    groups: ['mids-team'],
  },
  outsider: { name: 'Olli Outsider', email: 'olli.outsider@example.edu', groups: ['library'] },
};
const staffAccess = 'admissions-admins:admin,mids-team:MIDS';

function createProvider(issuer) {
  return new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/staff/callback`],
        post_logout_redirect_uris: [`${publicUrl}/staff`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'groups'] },
    // The demo's claims in the ID token, as many university providers send groups.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) =>
      Object.hasOwn(demoAccounts, id)
        ? { accountId: id, claims: () => ({ sub: id, ...demoAccounts[id] }) }
        : undefined,
    // The console is the university's own: no consent screen after the login.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
  });
}

const server = http.createServer();
server.listen(port, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.on('request', createProvider(issuer).callback());
  const settings = {
    STAFF_OIDC_ISSUER: issuer,
    STAFF_OIDC_CLIENT_ID: clientId,
    STAFF_OIDC_CLIENT_SECRET: clientSecret,
    PUBLIC_URL: publicUrl,
    STAFF_ACCESS: staffAccess,
  };
  const command = Object.entries(settings).map(([name, value]) => `${name}='${value}'`);
  process.stdout.write(
    [
      `OpenID provider for trying the staff console at ${issuer}`,
      `Demo accounts (any password): ${Object.keys(demoAccounts).join(', ')}`,
      'Start the server with:',
      `${command.join(' ')} npm start`,
      `SETTINGS ${JSON.stringify(settings)}`,
      '',
    ].join('\n'),
  );
});
