/** Names the SPA and the server must agree on; both import them from here. */

/** The double-submit cookie the server sets on every page, and the header the SPA echoes it in. */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

/** Where the server answers the GraphQL POST (the SPA may be told to use another URL). */
export const graphqlPath = '/graphql';

/**
 * What the SPA accepts in answer: the GraphQL-over-HTTP media type first, whose status codes tell
 * a refused request (4xx) from an answered one, then plain JSON for older servers.
 */
export const graphqlAccept = 'application/graphql-response+json, application/json';
