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
 * Answering applicants comes first: while registrations keep being committed, the sender rests
 * between batches, so that a burst of submissions is not slowed down by composing its emails
 * (about a millisecond of the event loop each); the queue is worked off at full speed after it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { toStoredRegistration, type RegistrationRow } from '../db/registrations';
import { composeConfirmation, type Institution } from './confirmationEmail';
import type { MailTransport } from './mailTransport';

export interface OutboxSender {
  /** Starts delivering: now, and then every `pollMs`. */
  start(): void;
  /** Looks for due messages now (a registration was just committed); nothing before start(). */
  wake(): void;
  /** Stops looking and waits for the message being sent. */
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
}

const batchSize = 20;
/** The rest between batches while registrations keep arriving: at most ~100 emails a second. */
const busyRestMs = 200;
/** Longer than the transport's timeouts together: a claim outlives any one attempt. */
const leaseSeconds = 120;

/** 5 s after the first failure, then doubling up to 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(5 * 2 ** (attempts - 1), 600);

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

type ClaimedRow = RegistrationRow & { outbox_id: number; outbox_attempts: number };

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { database, transport, institution, counters, log } = options;
  const pollMs = options.pollMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Whether registrations were committed since the current run began. */
  let woken = false;
  /** Resting after a run during which registrations were committed. */
  let resting = false;
  let started = false;
  let stopped = false;

  /** Whether the message went; a failed one is queued again. */
  async function deliver(row: ClaimedRow): Promise<boolean> {
    const registration = toStoredRegistration(row);
    const { subject, text, html } = composeConfirmation(registration, institution);
    try {
      await transport.send(
        {
          from: { name: institution.name, address: institution.mailFrom },
          replyTo: institution.contactEmail,
          to: registration.email,
          subject,
          text,
          html,
        },
        registration.id,
      );
    } catch (error) {
      const retryInSeconds = retryDelaySeconds(row.outbox_attempts);
      await database.query(
        'UPDATE outbox SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1',
        [row.outbox_id, retryInSeconds],
      );
      counters.failed();
      // Only the kind of failure: a mail server's answer can quote the address.
      const { name, code } = error as { name?: string; code?: string };
      log.warn(
        { errorName: name, errorCode: code, attempts: row.outbox_attempts, retryInSeconds },
        'a confirmation email could not be sent; it stays queued',
      );
      return false;
    }
    counters.sent();
    return true;
  }

  async function deliverDue() {
    let sent: number[] = [];
    try {
      for (;;) {
        const rows = await database.query<ClaimedRow>(claimDue, [batchSize, leaseSeconds, sent]);
        sent = [];
        for (const row of rows) if (await deliver(row)) sent.push(row.outbox_id);
        if (rows.length < batchSize || stopped) return;
        if (woken) {
          woken = false;
          await sleep(busyRestMs);
          if (stopped) return;
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
      const { name, code } = error as { name?: string; code?: string };
      log.error({ errorName: name, errorCode: code }, 'delivering the outbox failed');
    });
    await running;
    running = undefined;
    if (stopped) return;
    resting = woken;
    timer = setTimeout(() => void run(), resting ? busyRestMs : pollMs);
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
