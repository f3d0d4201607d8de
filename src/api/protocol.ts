/** Names the SPA and the server must agree on; both import them from here. */

/** The double-submit cookie the server sets on every page, and the header the SPA echoes it in. */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

/** Where the server answers the GraphQL POST (the SPA may be told to use another URL). */
export const graphqlPath = '/graphql';
