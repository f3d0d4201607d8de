/** `npm start`: build what is missing or stale, then run the server in this process. */
import { pathToFileURL } from 'node:url';
import { ensureBuilt, serverEntry } from './ensure-built.mjs';

// Libraries that read it (React, which renders the start page and the confirmation emails) run
// their production code unless told otherwise.
process.env.NODE_ENV ??= 'production';

await ensureBuilt();
await import(pathToFileURL(serverEntry('main')).href);
