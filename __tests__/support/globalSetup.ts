import { buildIfNeeded } from '../../testing/build';
import { makePGliteTemplates } from '../server/support/pgliteTemplate';

/**
 * Runs once before all files: the server's compile, which the suites that start it as a process
 * run, and the embedded database's initdb and migrations, which their tests copy.
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([buildIfNeeded('server'), makePGliteTemplates()]);
}
