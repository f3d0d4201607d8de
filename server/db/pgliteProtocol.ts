/** Messages between the server and the PGlite worker thread (see pglite.ts). */

export interface PGliteWorkerData {
  clusterDir: string;
}

export interface QueryRequest {
  type: 'query';
  id: number;
  sql: string;
  params?: unknown[];
}

export type PGliteRequest = QueryRequest | { type: 'close' };

export interface SerializedError {
  name: string;
  message: string;
  /** PostgreSQL's SQLSTATE for a database error. */
  code?: string;
}

export type PGliteResponse =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; rows: unknown[] }
  | { type: 'error'; id: number; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    name: error.name,
    message: error.message,
    code: typeof code === 'string' ? code : undefined,
  };
}
