/** @jest-environment node */
import { createGroupCommit } from '../../server/db/groupCommit';

describe('group commit', () => {
  it('writes the items submitted together in one batch, and resolves each with its result', async () => {
    const batches: number[][] = [];
    const commits = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        return items.map((item) => item * 10);
      },
      { maxBatchSize: 100 },
    );

    const together = await Promise.all([1, 2, 3].map((item) => commits.submit(item)));
    const alone = await commits.submit(4);

    expect(batches).toEqual([[1, 2, 3], [4]]);
    expect([...together, alone]).toEqual([10, 20, 30, 40]);
  });

  it('writes one batch at a time and gathers what arrives meanwhile into the next', async () => {
    const batches: number[][] = [];
    let releaseFirst = () => {};
    const commits = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
        return items;
      },
      { maxBatchSize: 100 },
    );

    const first = commits.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((item) => commits.submit(item));
    expect(batches).toEqual([[1]]);
    releaseFirst();
    await Promise.all([first, ...later]);

    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('hands the next batch over while one is written when two may be in flight', async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    const commits = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        await new Promise<void>((resolve) => releases.push(resolve));
        return items;
      },
      { maxBatchSize: 100, maxInFlight: 2 },
    );
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

    const first = commits.submit(1);
    await nextTurn();
    const second = [2, 3].map((item) => commits.submit(item));
    await nextTurn();
    const third = [4, 5].map((item) => commits.submit(item));
    await nextTurn();
    expect(batches).toEqual([[1], [2, 3]]);

    releases[0]();
    await first;
    await nextTurn();
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
    releases[1]();
    releases[2]();
    await Promise.all([...second, ...third]);
    await commits.drain();
  });

  it('splits a burst into batches of at most maxBatchSize', async () => {
    const sizes: number[] = [];
    const commits = createGroupCommit(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatchSize: 4 },
    );

    await Promise.all(Array.from({ length: 10 }, (_, item) => commits.submit(item)));

    expect(sizes).toEqual([4, 4, 2]);
  });

  it('refuses only the item the write rejects, not its neighbours', async () => {
    const commits = createGroupCommit(
      async (items: number[]) => {
        if (items.includes(13)) throw new Error('refused');
        return items.map((item) => item * 10);
      },
      { maxBatchSize: 100 },
    );

    const results = await Promise.allSettled([12, 13, 14].map((item) => commits.submit(item)));

    expect(results).toEqual([
      { status: 'fulfilled', value: 120 },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'fulfilled', value: 140 },
    ]);
  });

  it('drains: waits for everything submitted so far', async () => {
    let written = 0;
    const commits = createGroupCommit(
      async (items: number[]) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        written += items.length;
        return items;
      },
      { maxBatchSize: 100 },
    );

    void commits.submit(1);
    void commits.submit(2);
    await commits.drain();

    expect(written).toBe(2);
  });
});
