/**
 * Group commit: items submitted while a write is under way are written together in the next one.
 * On PGlite (one connection, one fsync per COMMIT) this turns a burst of N submissions into a few
 * transactions instead of N, while every caller still waits for the COMMIT holding its item.
 */
export interface GroupCommit<T> {
  /** Resolves once the item is committed; rejects when it could not be. */
  submit(item: T): Promise<void>;
  /** Resolves once everything submitted so far has been written or refused. */
  drain(): Promise<void>;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<T>(
  write: (items: T[]) => Promise<void>,
  maxBatchSize: number,
): GroupCommit<T> {
  const queue: Waiting<T>[] = [];
  let writing: Promise<void> | undefined;

  async function writeQueue() {
    // Let the requests that arrived in the same event-loop turn join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await writeBatch(queue.splice(0, maxBatchSize));
    writing = undefined;
  }

  async function writeBatch(batch: Waiting<T>[]) {
    try {
      await write(batch.map((waiting) => waiting.item));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // One item the database refuses must not fail its neighbours: write each on its own.
      for (const waiting of batch) await writeBatch([waiting]);
    }
  }

  return {
    submit(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        writing ??= writeQueue();
      });
    },
    async drain() {
      await writing;
    },
  };
}
