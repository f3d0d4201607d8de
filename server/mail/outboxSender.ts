/**
 * Delivers the outbox: the confirmations queued with their registrations. A message is claimed
 * for a lease (FOR UPDATE SKIP LOCKED, so that instances sharing a PostgreSQL never take the same
 * one), sent, then deleted. A failure puts it back with a growing delay; a crash mid-send leaves
 * it claimed until the lease ends, and only then is it sent again.
 *
 * The messages of a batch are deleted together, in the statement that claims the next batch: on
 * PGlite every statement is a commit with its fsync, which the registrations waiting to be stored
 * queue behind.
 *
 * A batch goes out over the transport's connections in parallel. A message that cannot be composed,
 * or that the relay refuses for good (5xx), fails alone and waits its own growing delay; a
 * temporary refusal (4xx) or a relay that does not answer pauses the whole queue instead, as more
 * messages would only be refused too. SMTP_MAX_PER_MINUTE paces the claims.
 *
 * Answering applicants comes first: while registrations keep being committed, the sender rests
 * between batches, so that a burst of submissions is not slowed down by composing its emails
 * (about a millisecond of the event loop each); the queue is worked off at full speed after it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { TokenBucket } from 'limiter';
import type { Database } from '../db/database';
import { toStoredRegistration, type RegistrationRow } from '../db/registrations';
import { composeConfirmation, type Institution } from './confirmationEmail';
import type { MailTransport } from './mailTransport';

export interface OutboxSender {
  /** Starts delivering: now, and then every `pollMs`. */
  start(): void;
  /** Looks for due messages now (a registration was just committed); nothing before start(). */
  wake(): void;
  /** Stops looking and waits for the messages being sent. */
  stop(): Promise<void>;
}

export interface OutboxCounters {
  sent(): void;
  failed(): void;
}

export interface OutboxSenderOptions {
  database: Database;
  transport: MailTransport;
  institution: Institution & { mailFrom: string };
  counters: OutboxCounters;
  log: FastifyBaseLogger;
  /** How often to look for due messages between wake-ups (other instances' and retries). */
  pollMs?: number;
  /** SMTP_MAX_PER_MINUTE; undefined: as fast as the relay takes them. */
  maxPerMinute?: number;
}

/** Each claim is a commit (an fsync on PGlite): 20 a batch held the sender to half this rate. */
const batchSize = 50;
/** The rest between batches while registrations keep arriving: at most ~100 emails a second. */
const busyRestMs = 500;
/**
 * Longer than the transport's timeouts together, and than a batch takes from a relay that answers:
 * one that falls silent gets the rest of the batch back after one round of timeouts.
 */
const leaseSeconds = 120;

/**
 * 5 s after the first failure, then doubling up to 10 minutes: a message's retries, and the
 * queue's pauses while the relay refuses.
 */
const retryDelaySeconds = (failures: number) => Math.min(5 * 2 ** (failures - 1), 600);

/** $3: the messages just sent, deleted in the same statement (a data-modifying WITH always runs). */
const claimDue = `WITH sent AS (
    DELETE FROM outbox WHERE id = ANY($3::integer[])
  ), claimed AS (
    UPDATE outbox
    SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
    WHERE id IN (
      SELECT id FROM outbox WHERE next_attempt_at <= now()
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
    )
    RETURNING id, registration_id, attempts
  )
  SELECT claimed.id AS outbox_id, claimed.attempts AS outbox_attempts, registrations.*
  FROM claimed JOIN registrations ON registrations.id = claimed.registration_id`;

const backOff =
  'UPDATE outbox SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1';

/** Claims given back untried while the relay refuses: its trouble is not counted as theirs. */
const giveBack = `UPDATE outbox
  SET attempts = attempts - 1, next_attempt_at = now() + make_interval(secs => $2)
  WHERE id = ANY($1::integer[])`;

type ClaimedRow = RegistrationRow & { outbox_id: number; outbox_attempts: number };

/**
 * SMTP_MAX_PER_MINUTE as a token bucket (limiter): tokens drip in evenly, and at most a second's
 * worth gather, so that no burst after a quiet spell counts against the relay's limit. Messages
 * are claimed only when there are tokens for them: a claimed one is sent at once, and never
 * waits for its turn while its lease runs.
 */
function createPace(maxPerMinute: number) {
  const bucket = new TokenBucket({
    bucketSize: Math.ceil(maxPerMinute / 60),
    tokensPerInterval: maxPerMinute,
    interval: 'minute',
  });
  return {
    /** How many may go now, at most `wanted`. */
    available(wanted: number) {
      bucket.drip();
      return Math.min(wanted, Math.floor(bucket.content));
    },
    take: (count: number) => count > 0 && bucket.tryRemoveTokens(count),
    msUntilNext: () => bucket.getWaitTime(1),
  };
}

/** Only the kind of failure: a mail server's answer can quote the address. */
function describeFailure(error: unknown) {
  const { name, code, responseCode } = error as {
    name?: string;
    code?: string;
    responseCode?: number;
  };
  return { errorName: name, errorCode: code, responseCode };
}

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { database, transport, institution, counters, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const pace = options.maxPerMinute ? createPace(options.maxPerMinute) : undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Resolves with how long to hold before going on (0: look again at the next poll). */
  let running: Promise<number> | undefined;
  /** Whether registrations were committed since the current run began. */
  let woken = false;
  /** Resting after a run during which registrations were committed. */
  let resting = false;
  let started = false;
  let stopped = false;
  /** The relay is left alone until then (Date.now()), after its temporary refusals in a row. */
  let pausedUntil = 0;
  let refusalsInRow = 0;

  function pauseForRelay(error: unknown) {
    // The messages in flight beside the refused one are refused with it: one pause for them all.
    if (Date.now() < pausedUntil) return;
    refusalsInRow += 1;
    const pauseSeconds = retryDelaySeconds(refusalsInRow);
    pausedUntil = Date.now() + pauseSeconds * 1000;
    log.warn(
      { ...describeFailure(error), pauseSeconds },
      'the mail server refuses for now or does not answer; the confirmations wait for it',
    );
  }

  /** The message's own failure: it is tried again after its own growing delay. */
  async function failMessage(row: ClaimedRow, error: unknown) {
    const retryInSeconds = retryDelaySeconds(row.outbox_attempts);
    await database.query(backOff, [row.outbox_id, retryInSeconds]);
    counters.failed();
    log.warn(
      { ...describeFailure(error), attempts: row.outbox_attempts, retryInSeconds },
      'a confirmation email could not be sent; it stays queued',
    );
  }

  /** Whether the message went; one that failed waits its own delay. */
  async function deliver(row: ClaimedRow): Promise<boolean> {
    try {
      const registration = toStoredRegistration(row);
      const { subject, text, html } = composeConfirmation(registration, institution);
      await transport.send(
        {
          from: { name: institution.name, address: institution.mailFrom },
          replyTo: institution.contactEmail,
          to: registration.email,
          subject,
          text,
          html,
        },
        row.id,
      );
    } catch (error) {
      // Refused for now, it still waits its own delay too: a relay that refuses one recipient
      // for ever then holds the queue up for a first pause at each try, not for ever longer ones.
      if (transport.isRelayUnavailable(error)) pauseForRelay(error);
      await failMessage(row, error);
      return false;
    }
    refusalsInRow = 0;
    counters.sent();
    return true;
  }

  /**
   * Sends a claimed batch, as many at once as the transport takes, adding the ones that went to
   * `sent`. While the relay is paused nothing more is handed to it: the rest are given back.
   */
  async function deliverBatch(rows: ClaimedRow[], sent: number[]) {
    const waiting = [...rows];
    async function work() {
      for (let row; Date.now() >= pausedUntil && (row = waiting.shift());) {
        if (await deliver(row)) sent.push(row.outbox_id);
      }
    }
    const workers = Array.from({ length: transport.maxInFlight }, work);
    // Every worker finishes before a failure is passed on, so that no message sent goes unrecorded.
    const failure = (await Promise.allSettled(workers)).find(
      (result) => result.status === 'rejected',
    );
    if (waiting.length > 0) {
      const pauseLeftSeconds = Math.max(0, (pausedUntil - Date.now()) / 1000);
      await database.query(giveBack, [waiting.map((row) => row.outbox_id), pauseLeftSeconds]);
    }
    if (failure) throw failure.reason;
  }

  /** How long to hold before sending more: the relay's pause, or the pace; 0: not at all. */
  function holdMs(): number {
    if (Date.now() < pausedUntil) return pausedUntil - Date.now();
    return pace?.available(1) === 0 ? pace.msUntilNext() : 0;
  }

  async function deliverDue(): Promise<number> {
    let sent: number[] = [];
    try {
      for (;;) {
        const heldMs = holdMs();
        if (heldMs > 0) return heldMs;
        const wanted = pace ? pace.available(batchSize) : batchSize;
        const rows = await database.query<ClaimedRow>(claimDue, [wanted, leaseSeconds, sent]);
        sent = [];
        pace?.take(rows.length);
        await deliverBatch(rows, sent);
        if (rows.length < wanted || stopped) return 0;
        if (woken) {
          woken = false;
          await sleep(busyRestMs);
          if (stopped) return 0;
        }
      }
    } finally {
      // The last batch's, or the one before a failed claim's.
      if (sent.length > 0) {
        await database.query('DELETE FROM outbox WHERE id = ANY($1::integer[])', [sent]);
      }
    }
  }

  async function run(): Promise<void> {
    clearTimeout(timer);
    resting = false;
    if (!started || stopped || running) return;
    woken = false;
    running = deliverDue().catch((error: unknown) => {
      log.error(describeFailure(error), 'delivering the outbox failed');
      return 0;
    });
    const heldMs = await running;
    running = undefined;
    if (stopped) return;
    resting = woken && heldMs === 0;
    timer = setTimeout(() => void run(), heldMs || (resting ? busyRestMs : pollMs));
  }

  function wake() {
    if (running || resting) woken = true;
    else void run();
  }

  return {
    start() {
      started = true;
      log.info(`confirmation emails go to ${transport.description}`);
      void run();
    },
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

/** How many confirmations wait, and for how long the oldest has. */
export async function readOutboxStats(database: Database) {
  const [row] = await database.query<{ queued: number; oldest: number }>(
    `SELECT count(*)::integer AS queued,
       coalesce(extract(epoch FROM now() - min(queued_at)), 0)::float8 AS oldest
     FROM outbox`,
  );
  return { queued: row.queued, oldestAgeSeconds: row.oldest };
}
