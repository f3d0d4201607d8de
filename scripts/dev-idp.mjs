/**
 * A local OpenID provider for trying the staff console (testing/localProvider.ts): it prints the
 * settings to start the server with, and runs until stopped (Ctrl-C).
 *
 *   npm run dev:idp                                  # on http://127.0.0.1:9400, for http://localhost:8080
 *   IDP_PORT=9500 PUBLIC_URL=http://localhost:3000 npm run dev:idp
 */
import { listenFailure, StartupError, startupFailureLine } from '../server/startupError.ts';
import { demoAccounts, overlongSubject, startLocalProvider } from '../testing/localProvider.ts';

const idpPort = Number(process.env.IDP_PORT ?? 9400);
const provider = await startLocalProvider(
  process.env.PUBLIC_URL ?? 'http://localhost:8080',
  idpPort,
).catch((error) => {
  // A port in use is one line that names IDP_PORT, as the server's start names PORT.
  const failure = listenFailure(error, 'IDP_PORT', idpPort, '127.0.0.1');
  if (!(failure instanceof StartupError)) throw failure;
  process.stderr.write(`${startupFailureLine(failure)}\n`);
  process.exit(1);
});
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
