/**
 * The media type of a GraphQL answer, as the GraphQL-over-HTTP specification negotiates it:
 * application/graphql-response+json when the client accepts it, else application/json (which
 * is also what a client that states no preference gets). The status codes differ between them.
 */
import { negotiate } from '@fastify/accept-negotiator';

export const graphqlResponseJson = 'application/graphql-response+json';
export type GraphqlMediaType = typeof graphqlResponseJson | 'application/json';

export function responseMediaType(accept: string | undefined): GraphqlMediaType {
  return negotiate(accept ?? '', [graphqlResponseJson, 'application/json']) === graphqlResponseJson
    ? graphqlResponseJson
    : 'application/json';
}

/**
 * A request that could not be parsed, validated or given its variables: with the new media type
 * that is a 400; under application/json the answer is a well-formed GraphQL response, a 200.
 */
export const requestErrorStatus = (mediaType: GraphqlMediaType) =>
  mediaType === graphqlResponseJson ? 400 : 200;
