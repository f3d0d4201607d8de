/**
 * A local OpenID provider for trying the staff console (testing/localProvider.ts): it prints the
 * settings to start the server with, and runs until stopped (Ctrl-C).
 *
 *   npm run dev:idp                                  # on http://127.0.0.1:9400, for http://localhost:8080
 *   IDP_PORT=9500 PUBLIC_URL=http://localhost:3000 npm run dev:idp
 */
import { demoAccounts, overlongSubject, startLocalProvider } from '../testing/localProvider.ts';

const provider = await startLocalProvider(
  process.env.PUBLIC_URL ?? 'http://localhost:8080',
  Number(process.env.IDP_PORT ?? 9400),
);
// The server's port is PUBLIC_URL's: the address the provider sends people back to.
const port = new URL(provider.settings.PUBLIC_URL).port || '80';
const command = Object.entries({ PORT: port, ...provider.settings }).map(
  ([name, value]) => `${name}='${value}'`,
);
process.stdout.write(
  [
    `OpenID provider for trying the staff console at ${provider.settings.STAFF_OIDC_ISSUER}`,
    `Demo accounts (any password): ${Object.keys(demoAccounts)
      .filter((login) => login !== overlongSubject)
      .join(', ')}`,
    `A misconfigured provider's subject: the login 's' typed ${overlongSubject.length} times`,
    'Start the server with:',
    `${command.join(' ')} npm start`,
    '',
  ].join('\n'),
);
