/**
 * Crashing the server as a power cut or the OOM killer would: SIGKILL, no shutdown hooks, no
 * final COMMIT. The process to kill is the one holding the embedded database, which writes its
 * pid into DATA_DIR/server.pid (server/db/dataDirLock.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningServer } from '../../testing/server';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of the process that has the server's DATA_DIR open. */
export function databaseHolderPid(server: RunningServer): number {
  const text = fs.readFileSync(path.join(server.dataDir, 'server.pid'), 'utf8');
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    throw new Error(`No running server holds ${server.dataDir} (server.pid: "${text.trim()}")`);
  }
  return pid;
}

/** Sends SIGKILL at once (synchronously, so that no further answer is produced after the call). */
export function killAbruptly(pid: number): void {
  process.kill(pid, 'SIGKILL');
}

/** Resolves once the killed process is gone; the helper's stop() then only tidies up. */
export async function waitUntilGone(pid: number, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`Process ${pid} is still alive after SIGKILL`);
    await sleep(20);
  }
}
