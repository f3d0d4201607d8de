import { buildIfNeeded } from '../../testing/build';
import { makePGliteTemplate } from '../server/support/pgliteTemplate';

/**
 * Runs once before all files: the server's compile, which the suites that start it as a process
 * run, and the embedded database's initdb, which their tests copy.
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([buildIfNeeded('server'), makePGliteTemplate()]);
}
