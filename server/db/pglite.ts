/**
 * The embedded default: PGlite (PostgreSQL compiled to WebAssembly) with its cluster in
 * DATA_DIR/pgdata, run in a worker thread (pgliteWorker.ts) so that its synchronous work never
 * stalls HTTP. PGlite is one single-user backend: queries run one at a time, in the order sent.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { makeDataDirPrivate } from '../dataDirAccess';
import { lockDataDir } from './dataDirLock';
import type { Database, DatabaseErrorLog, Queryable } from './database';
import { startHousekeeping } from './pgliteHousekeeping';
import type {
  PGliteRequest,
  PGliteResponse,
  PGliteWorkerData,
  QueryRequest,
  SerializedError,
  WasmModule,
} from './pgliteProtocol';

/** A global of Node's, which TypeScript declares only among the DOM's types. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

const clusterOf = (dataDir: string) => path.join(dataDir, 'pgdata');

/** Whether DATA_DIR holds an embedded database, which opening it would otherwise create. */
export const holdsEmbeddedDatabase = (dataDir: string) =>
  fs.existsSync(path.join(clusterOf(dataDir), 'PG_VERSION'));

export async function openPGlite(dataDir: string, logError: DatabaseErrorLog): Promise<Database> {
  const lock = lockDataDir(dataDir);
  const clusterDir = clusterOf(dataDir);
  try {
    const isNewCluster = !holdsEmbeddedDatabase(dataDir);
    const workerData: PGliteWorkerData = { clusterDir, wasm: await compiledWasm() };
    let worker = startWorker(workerData);
    await whenReady(worker);
    if (isNewCluster) {
      // The worker that ran initdb keeps its ~600 MB of WebAssembly memory: start a fresh one.
      await stopWorker(worker);
      worker = startWorker(workerData);
      await whenReady(worker);
    }
    // initdb and the backend's start (pg_internal.init) leave files open to group and others
    // when the umask the process was started with allows it: close them now.
    makeDataDirPrivate(clusterDir);
    return createClient(worker, logError, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite's WebAssembly, compiled once a process and handed to each worker: compiling it costs a
 * second of CPU, which every database opened would pay again (a restore drill opens two, the
 * tests hundreds).
 */
let wasm: Promise<PGliteWorkerData['wasm']> | undefined;
function compiledWasm() {
  const compile = async (file: string) =>
    WebAssembly.compile(
      await fs.promises.readFile(
        path.join(path.dirname(require.resolve('@electric-sql/pglite')), file),
      ),
    );
  wasm ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pglite, initdb]) => ({ pglite, initdb }),
  );
  return wasm;
}

function startWorker(workerData: PGliteWorkerData): Worker {
  if (path.extname(__filename) === '.ts') {
    // Running from source (tests, `npm run dev`): tsx compiles the worker on the fly.
    const source = path.join(__dirname, 'pgliteWorker.ts');
    return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)});`, {
      eval: true,
      workerData,
    });
  }
  return new Worker(path.join(__dirname, 'pgliteWorker.js'), { workerData });
}

async function stopWorker(worker: Worker): Promise<void> {
  const exited = once(worker, 'exit');
  worker.postMessage({ type: 'close' } satisfies PGliteRequest);
  await exited;
}

function toError({ name, message, ...fields }: SerializedError): Error {
  return Object.assign(new Error(message), { name, ...fields });
}

function whenReady(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    const onExit = (code: number) => reject(new Error(`The PGlite worker exited (code ${code})`));
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.once('message', (message: PGliteResponse) => {
      if (message.type === 'failed') return reject(toError(message.error));
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve();
    });
  });
}

interface Waiting {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

function createClient(worker: Worker, logError: DatabaseErrorLog, onClosed: () => void): Database {
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let failure: Error | undefined;

  worker.on('message', (message: PGliteResponse) => {
    if (message.type !== 'result' && message.type !== 'error') return;
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.type === 'result') request?.resolve(message.rows);
    else request?.reject(toError(message.error));
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The PGlite worker has exited (code ${code})`)));

  function post(request: QueryRequest) {
    return new Promise<unknown[]>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  const send = async <Row>(sql: string, params?: unknown[]) =>
    (await post({ type: 'query', id: nextId++, sql, params })) as Row[];

  // A transaction owns the one connection: queries sent meanwhile wait until it has ended.
  let transactionEnded: Promise<void> = Promise.resolve();

  const client: Database = {
    concurrentWriters: false,
    async query<Row>(sql: string, params?: unknown[]) {
      await transactionEnded;
      return send<Row>(sql, params);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const previous = transactionEnded;
      let end = () => {};
      transactionEnded = new Promise((resolve) => (end = resolve));
      await previous;
      try {
        await send('BEGIN');
        const result = await work({ query: send });
        await send('COMMIT');
        return result;
      } catch (error) {
        await send('ROLLBACK').catch(() => undefined); // the first error is the one to report
        throw error;
      } finally {
        end();
      }
    },
    async close() {
      await housekeeping.stop();
      await transactionEnded;
      if (!failure) await stopWorker(worker);
      onClosed();
    },
  };
  const housekeeping = startHousekeeping(client, logError);
  return client;
}
