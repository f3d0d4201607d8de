/** `npm run migrate`: see server/migrate.ts. */
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverEntry } from './ensure-built.mjs';

ensureServerBuilt();
await import(pathToFileURL(serverEntry('migrate')).href);
