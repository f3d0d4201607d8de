/** The staff's commands (`npm run export`, `erase`, …): see server/operations/cli.ts. */
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverEntry } from './ensure-built.mjs';

ensureServerBuilt();
await import(pathToFileURL(serverEntry('operations/cli')).href);
