import { makePGliteTemplate } from '../server/support/pgliteTemplate';

/** Runs once before all files: the embedded database's initdb, which their tests then copy. */
export default async function globalSetup(): Promise<void> {
  await makePGliteTemplate();
}
