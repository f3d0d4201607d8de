import { makePGliteTemplates } from '../server/support/pgliteTemplate';

/**
 * The global setup of the suites that start no server process (jest.mutation.config.js): the
 * embedded database's initdb and migrations alone, which their tests copy.
 */
export default async function globalSetupDatabase(): Promise<void> {
  await makePGliteTemplates();
}
