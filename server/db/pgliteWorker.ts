/**
 * The PGlite worker thread: owns the embedded PostgreSQL and runs the queries the server sends.
 * PGlite executes synchronously (WebAssembly, then fsync); here it does not stall the event loop
 * that serves HTTP.
 *
 * Durability: out of the box PGlite runs PostgreSQL with fsync off, and Emscripten's NODEFS has no
 * fsync at all. Here PostgreSQL runs with fsync on and NODEFS forwards fsync() to the real file, so
 * a COMMIT returns only after its WAL is on disk, as on a PostgreSQL server.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createStatementRunner } from './pglitePreparedStatements';
import {
  serializeError,
  type PGliteRequest,
  type PGliteResponse,
  type PGliteWorkerData,
} from './pgliteProtocol';

interface NodeFsWithStreamOps {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
}

/** PostgreSQL settings on top of PGlite's defaults. */
const settings = [
  // fdatasync() is a no-op in Emscripten; fsync() reaches the file system (see above).
  ['wal_sync_method', 'fsync'],
  // A registrations table is small; PGlite's default 160 MB of buffers would only cost memory.
  ['shared_buffers', '16MB'],
  // Statistics from 3,000 sampled rows rather than 30,000: enough to choose between an index and a
  // scan, and each ANALYZE (pgliteHousekeeping.ts) holds the one backend a tenth as long.
  ['default_statistics_target', '10'],
];

async function createDurablePGlite({ clusterDir, wasm }: PGliteWorkerData) {
  // PGlite is ESM; a dynamic import() loads it from this CommonJS build.
  const pgliteModule = await import('@electric-sql/pglite');
  const { PGlite } = pgliteModule;
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  // Trigram indexes for the staff console's search (migration 6); PostgreSQL has it as contrib.
  const { pg_trgm: trigrams } = await import('@electric-sql/pglite/contrib/pg_trgm');

  class SyncingNodeFS extends NodeFS {
    async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>) {
      const result = await super.init(...args);
      const preRun = result.emscriptenOpts.preRun ?? [];
      preRun.push((mod) => {
        const nodeFs = mod.NODEFS as unknown as NodeFsWithStreamOps;
        nodeFs.stream_ops.fsync = (stream) => {
          fs.fsyncSync(stream.nfd);
          return 0;
        };
      });
      result.emscriptenOpts.preRun = preRun;
      return result;
    }
  }

  const pglite = await PGlite.create({
    fs: new SyncingNodeFS(clusterDir),
    pgliteWasmModule: wasm.pglite,
    initdbWasmModule: wasm.initdb,
    extensions: { pg_trgm: trigrams },
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'), // -F: fsync off
      ...settings.flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  return { pglite, runStatement: createStatementRunner(pglite, pgliteModule) };
}

async function serve(port: NonNullable<typeof parentPort>) {
  const send = (message: PGliteResponse) => port.postMessage(message);
  let database: Awaited<ReturnType<typeof createDurablePGlite>>;
  try {
    database = await createDurablePGlite(workerData as PGliteWorkerData);
  } catch (error) {
    send({ type: 'failed', error: serializeError(error) });
    return;
  }

  port.on('message', async (request: PGliteRequest) => {
    if (request.type === 'close') {
      await database.pglite.close();
      port.close();
      return;
    }
    try {
      const rows = await database.runStatement(request.sql, request.params);
      send({ type: 'result', id: request.id, rows });
    } catch (error) {
      send({ type: 'error', id: request.id, error: serializeError(error) });
    }
  });
  send({ type: 'ready' });
}

if (parentPort) void serve(parentPort);
