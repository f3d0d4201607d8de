/**
 * DATA_DIR holds personal data (the database's files and its write-ahead log, the mail queue) and
 * the server's secret: only the server's operating-system user may read it, whatever the umask.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Files this process creates from now on are its user's alone (directories 0700, files 0600). */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Takes group and other access away from DATA_DIR and everything in it; how many paths had it. */
export function makeDataDirPrivate(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      fs.chmodSync(entry, stat.mode & 0o700);
      tightened++;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dataDir);
  return tightened;
}
