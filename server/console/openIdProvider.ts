/**
 * The university's OpenID provider, as the console's sign-in sees it (openid-client): its
 * configuration is discovered on first use and again after a failed discovery, so that a provider
 * that is down when the server starts does not keep the console off once it is back.
 */
import * as client from 'openid-client';
import type { StaffConsoleSettings } from './settings';

export function openIdProvider(settings: StaffConsoleSettings) {
  let discovered: Promise<client.Configuration> | undefined;
  return function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
        // Plain http passed the settings' check only on a loopback address.
        execute: settings.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
}
