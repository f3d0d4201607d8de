/**
 * SMTP_MAX_PER_MINUTE as a token bucket (limiter): tokens drip in evenly, and at most a second's
 * worth gather, so that no burst after a quiet spell counts against the relay's limit. Messages
 * are claimed only when there are tokens for them: a claimed one is sent at once, and never
 * waits for its turn while its lease runs.
 */
import { TokenBucket } from 'limiter';

export interface OutboxPace {
  /** How many may go now, at most `wanted`. */
  available(wanted: number): number;
  /** Counts `count` as gone. */
  take(count: number): void;
  /** How long until the next may go. */
  msUntilNext(): number;
}

export function createOutboxPace(maxPerMinute: number): OutboxPace {
  const bucket = new TokenBucket({
    bucketSize: Math.ceil(maxPerMinute / 60),
    tokensPerInterval: maxPerMinute,
    interval: 'minute',
  });
  return {
    available(wanted) {
      bucket.drip();
      return Math.min(wanted, Math.floor(bucket.content));
    },
    take: (count) => void (count > 0 && bucket.tryRemoveTokens(count)),
    msUntilNext: () => bucket.getWaitTime(1),
  };
}
