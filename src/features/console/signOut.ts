/**
 * Signs out: a POST with the XSRF header, which no other site can send, answered with where to go
 * next (the provider, to end its session too, or the signed-out page).
 */
import { xsrfHeaderFor } from '../../api/xsrf';
import { signOutPath } from '../../contract/consolePaths';

export async function signOut(): Promise<void> {
  const response = await fetch(signOutPath, {
    method: 'POST',
    headers: xsrfHeaderFor('POST', signOutPath),
  });
  // Refused (the page's XSRF cookie gone stale, say): a reload brings a fresh one.
  if (!response.ok) return window.location.reload();
  const { location } = (await response.json()) as { location: string };
  window.location.assign(location);
}
