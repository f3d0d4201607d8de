import { chromiumPath } from '../../testing/browser';
import { buildIfNeeded } from '../../testing/build';

/** Runs once before all e2e files: a browser must exist, and the app is built only once. */
export default async function globalSetup(): Promise<void> {
  chromiumPath();
  await buildIfNeeded('all');
}
