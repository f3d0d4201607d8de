/** `npm run export`: registrations as CSV on stdout (see server/export.ts). */
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverEntry } from './ensure-built.mjs';

ensureServerBuilt();
await import(pathToFileURL(serverEntry('export')).href);
