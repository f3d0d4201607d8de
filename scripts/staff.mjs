/** The staff's commands (`npm run export`, `erase`, …): see server/staff/cli.ts. */
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverEntry } from './ensure-built.mjs';

ensureServerBuilt();
await import(pathToFileURL(serverEntry('staff/cli')).href);
