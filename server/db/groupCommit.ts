/**
 * Group commit: items submitted while writes are under way are written together in the next one.
 * On PGlite (one connection, one fsync per COMMIT) this turns a burst of N submissions into a few
 * transactions instead of N, while every caller still waits for the COMMIT holding its item, and
 * gets what the write made of it.
 *
 * With `maxInFlight` above 1 the next batch is handed over while the previous one commits, so
 * that the database finds it waiting when its fsync returns instead of idling for a round trip
 * through this thread's event loop. Each batch is still its own transaction.
 */
export interface GroupCommit<T, R> {
  /** Resolves with the item's result once it is committed; rejects when it could not be. */
  submit(item: T): Promise<R>;
  /** Resolves once everything submitted so far has been written or refused. */
  drain(): Promise<void>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  maxBatchSize: number;
  /** Batches being written at once (default 1). */
  maxInFlight?: number;
}

/** `write` resolves with one result for each item, in the items' order. */
export function createGroupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  { maxBatchSize, maxInFlight = 1 }: GroupCommitOptions,
): GroupCommit<T, R> {
  const queue: Waiting<T, R>[] = [];
  const writing = new Set<Promise<void>>();
  let flushScheduled = false;

  function flush() {
    flushScheduled = false;
    while (writing.size < maxInFlight && queue.length > 0) {
      const written: Promise<void> = writeBatch(queue.splice(0, maxBatchSize)).then(() => {
        writing.delete(written);
        flush();
      });
      writing.add(written);
    }
  }

  async function writeBatch(batch: Waiting<T, R>[]) {
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]));
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
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (flushScheduled || writing.size >= maxInFlight) return;
        // Let the requests that arrived in the same event-loop turn join the batch.
        flushScheduled = true;
        setImmediate(flush);
      });
    },
    async drain() {
      // Whatever is queued has a flush scheduled or a write under way that flushes after it.
      while (writing.size > 0 || flushScheduled) {
        await Promise.all(writing);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
