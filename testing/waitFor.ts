import { setTimeout as sleep } from 'node:timers/promises';

/** The first value `read` gives that is not undefined, looking every 50 ms. */
export async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  limitMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}
