/** Messages between the server and the PGlite worker thread (see pglite.ts). */
import type { PGliteOptions } from '@electric-sql/pglite';

/** A compiled WebAssembly module, as PGlite takes one. */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

export interface PGliteWorkerData {
  clusterDir: string;
  /** PGlite's WebAssembly and initdb's, compiled once a process (pglite.ts). */
  wasm: { pglite: WasmModule; initdb: WasmModule };
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
  /** The constraint or column a refused row broke: names from the schema, never a value. */
  constraint?: string;
  column?: string;
}

export type PGliteResponse =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; rows: unknown[] }
  | { type: 'error'; id: number; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = error as { code?: unknown; constraint?: unknown; column?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    name: error.name,
    message: error.message,
    code: text(fields.code),
    constraint: text(fields.constraint),
    column: text(fields.column),
  };
}
