import { chromiumPath } from '../../testing/browser';
import { buildIfNeeded } from './build';

/** Runs once before all e2e files: a browser must exist, and the app is built only once. */
export default function globalSetup(): void {
  chromiumPath();
  buildIfNeeded();
}
