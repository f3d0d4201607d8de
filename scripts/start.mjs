/** `npm start`: build what is missing or stale, then run the server in this process. */
import { pathToFileURL } from 'node:url';
import { ensureClientBuilt, ensureServerBuilt, serverEntry } from './ensure-built.mjs';

ensureClientBuilt();
ensureServerBuilt();
await import(pathToFileURL(serverEntry('main')).href);
