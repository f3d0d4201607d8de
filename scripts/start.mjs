/** `npm start`: build what is missing or stale, then run the server in this process. */
import { pathToFileURL } from 'node:url';
import { ensureClientBuilt, ensureServerBuilt, serverEntry } from './ensure-built.mjs';

// Libraries that read it (React, which renders the start page and the confirmation emails) run
// their production code unless told otherwise.
process.env.NODE_ENV ??= 'production';

ensureClientBuilt();
ensureServerBuilt();
await import(pathToFileURL(serverEntry('main')).href);
