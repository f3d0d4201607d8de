/**
 * PGlite is PostgreSQL in single-user mode and does not notice a second process opening the same
 * files, which would corrupt them. A pid file next to the cluster keeps DATA_DIR to one process.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

/**
 * Another running process holds DATA_DIR. The message is a starting server's; a command that
 * opens the database says what its own work wants (`holder`, `dataDir`).
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder} (only one process can open the ` +
        'embedded database): stop that process, or give this server a DATA_DIR of its own, ' +
        'or share a PostgreSQL through DATABASE_URL.',
    );
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'server.pid');
  fs.mkdirSync(dataDir, { recursive: true });
  const holder = readHolder(lockPath);
  if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
    throw new DataDirInUseError(dataDir, holder);
  }
  fs.writeFileSync(lockPath, `${process.pid}\n`);
  return {
    release() {
      if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
    },
  };
}

function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
