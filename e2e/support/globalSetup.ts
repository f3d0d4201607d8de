import { chromiumPath } from '../../testing/browser';
import { buildIfNeeded } from '../../testing/build';
import { makePGliteTemplates } from '../../__tests__/server/support/pgliteTemplate';

/**
 * Runs once before all e2e files: a browser must exist, the app is built only once, and the
 * embedded database's initdb and migrations are made once for the server-process suites to copy.
 */
export default async function globalSetup(): Promise<void> {
  chromiumPath();
  await Promise.all([buildIfNeeded('all'), makePGliteTemplates()]);
}
