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
      description: "The staff console's registrations and audit log, for the console and scripts",
    },
  },
  // A shared schema (addSchema) keeps its name among the document's components.
  refResolver: {
    buildLocalReference: (schema, _base, _fragment, index) => String(schema.$id ?? `def-${index}`),
  },
};
