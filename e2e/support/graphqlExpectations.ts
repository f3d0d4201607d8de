/** What a refused request must look like, for the hostile-input suite: a clear error, no echo. */
import type { FieldName } from '../../src/contract/fields';
import type { Answer } from '../../testing/graphqlClient';

interface GraphqlError {
  message: string;
  extensions?: { code?: string; fields?: Record<string, string> };
}

/** The server's error body for a refused HTTP request: { statusCode, error, message }. */
export function expectHttpError(answer: Answer, statusCode: number, message: RegExp): void {
  expect(answer.status).toBe(statusCode);
  expect(answer.json).toEqual({
    statusCode,
    error: expect.any(String),
    message: expect.stringMatching(message),
  });
}

/** A GraphQL error answer: 400, every error carrying `code`, the first one saying `message`. */
export function expectGraphqlError(answer: Answer, code: string, message: RegExp): void {
  expect(answer.status).toBe(400);
  const body = answer.json as { data?: unknown; errors?: GraphqlError[] };
  expect(body.errors?.length).toBeGreaterThan(0);
  // A query that could not be parsed or validated never ran: no data at all.
  if (code.startsWith('GRAPHQL_')) expect(body.data ?? null).toBeNull();
  for (const error of body.errors ?? []) expect(error.extensions?.code).toBe(code);
  expect(body.errors?.[0].message).toMatch(message);
}

/** A registration refused by validation: BAD_USER_INPUT naming exactly `field` and its rule. */
export function expectFieldRefused(answer: Answer, field: FieldName): void {
  expectGraphqlError(answer, 'BAD_USER_INPUT', /^Invalid registration$/);
  const body = answer.json as { data: unknown; errors: GraphqlError[] };
  expect(body.data).toBeNull(); // the field is non-null: a refusal leaves no data
  expect(body.errors[0].extensions?.fields).toEqual({
    [field]: expect.stringMatching(new RegExp(`^${field}-(format|too-long|too-short|required)$`)),
  });
}

/** The answer must not quote the submitted value back, raw or JSON-escaped. */
export function expectNoEcho(answer: Answer, value: string): void {
  expect(answer.text).not.toContain(value);
  expect(answer.text).not.toContain(JSON.stringify(value).slice(1, -1));
}
