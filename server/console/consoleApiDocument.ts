/**
 * The staff API as an OpenAPI 3.1 document, which @fastify/swagger writes from the routes' schemas
 * and the API serves to signed-in staff.
 */
import type { SwaggerOptions } from '@fastify/swagger';

export const consoleApiDocument: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Staff API',
      version: '1',
      description:
        "The staff console's registrations, processing, audit log, webhooks and API tokens, for " +
        'the console and scripts (README: Staff console). A session cookie, and for every ' +
        'change the XSRF header. Every time is UTC to the millisecond; a day (from, to, a ' +
        "token's last day, the overview's days) is TIME_ZONE's, the institution's. Bodies are " +
        'JSON: any other media type is 415, a property not named here 400.',
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
  },
  // A shared schema (addSchema) keeps its name among the document's components.
  refResolver: {
    buildLocalReference: (schema, _base, _fragment, index) => String(schema.$id ?? `def-${index}`),
  },
};
