/**
 * When a delivery that failed is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h,
 * then it is marked failed (about 28 hours in all, past a day's outage).
 */
export const retryDelaysSeconds = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** Seconds until the next try after `attempts` attempts failed; undefined: failed for good. */
export const retryDelayAfter = (attempts: number): number | undefined =>
  retryDelaysSeconds[attempts - 1];
