/**
 * `npm run restore-drill`: proves that today's backup restores. It backs up the running data as
 * `npm run backup` does, restores it into a throwaway database, backs that up again and compares
 * the two row by row under a one-time key, printing counts, checksums and each step's time, never
 * a value.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createBackup, parseBackup, restoreBackup } from './backup';
import { compareRows, type TableComparison } from './rowChecksums';
import { openThrowawayDatabase } from './throwawayDatabase';

export interface RestoreDrillOptions {
  /** Backs up the running data, as `npm run backup` does. */
  backup: () => Promise<Buffer | string>;
  emailDomain: string;
  /** The running data's PostgreSQL: the throwaway database goes on the same server. */
  databaseUrl?: string;
  /** Where the report goes, line by line. */
  print: (line: string) => void;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A table's line, its name padded to `width` so that the figures of every table line up. */
function describeTable(comparison: TableComparison, width: number): string {
  const { table, expectedRows, actualRows, expectedChecksum, actualChecksum, differingIds } =
    comparison;
  const figures = `${expectedRows} rows, checksum ${expectedChecksum}; restored ${actualRows}, ${actualChecksum}`;
  if (differingIds.length === 0) return `  ${table.padEnd(width)} ${figures}: the same`;
  const shown = differingIds.slice(0, 10).map(String).join(', ');
  const more = differingIds.length > 10 ? ` and ${differingIds.length - 10} more` : '';
  return `  ${table.padEnd(width)} ${figures}: DIFFERENT (ids ${shown}${more})`;
}

/** Runs the drill; whether every row came back as it was backed up. */
export async function runRestoreDrill(options: RestoreDrillOptions): Promise<boolean> {
  const { print } = options;
  const started = performance.now();
  const took = new Map<string, number>();
  async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
    const stepStarted = performance.now();
    const result = await work();
    took.set(name, performance.now() - stepStarted);
    print(`  ${name.padEnd(13)} ${seconds(took.get(name) ?? 0).padStart(8)}`);
    return result;
  }

  print('Restore drill');
  const backupText = await step('backup', options.backup);
  const backup = await step('check', () => parseBackup(backupText.toString(), options.emailDomain));
  const throwaway = await step('prepare', () => openThrowawayDatabase(options.databaseUrl, print));
  let comparisons: TableComparison[];
  try {
    print(`  (restoring into ${throwaway.description})`);
    await step('restore', () => restoreBackup(throwaway.database, backup));
    const restored = await step('read back', async () =>
      parseBackup((await createBackup(throwaway.database)).text, options.emailDomain),
    );
    comparisons = await step('compare', () =>
      compareRows(randomBytes(32), backup.rows, restored.rows),
    );
  } finally {
    await throwaway.dispose();
  }
  const width = Math.max(...comparisons.map((comparison) => comparison.table.length));
  for (const comparison of comparisons) print(describeTable(comparison, width));
  const same = comparisons.every((comparison) => comparison.differingIds.length === 0);
  // Data that holds nothing (an empty database named by mistake) would pass on nothing.
  const empty = comparisons.every((comparison) => comparison.expectedRows === 0);
  print(
    empty
      ? 'FAILED: the backup holds no rows, so it proves nothing. Check that DATA_DIR or DATABASE_URL names the running data.'
      : same
        ? 'Passed: every row restored as it was backed up.'
        : 'FAILED: the restored data differs from the backup.',
  );
  // Its other steps (the backup, the checks, reading back, comparing) are the drill's own: a real
  // restore makes its database (as "prepare" did) and restores.
  const restoreMs = took.get('restore') ?? 0;
  const realMs = restoreMs + (took.get('prepare') ?? 0);
  print(
    `The restore took ${seconds(restoreMs)}; a real one, which makes its database first, about ` +
      `${seconds(realMs)}. The drill took ${seconds(performance.now() - started)} in all.`,
  );
  return same && !empty;
}
