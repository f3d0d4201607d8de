/**
 * Delivers the outbox: the confirmations queued with their registrations, and before them the
 * applicant's other mail (applicantMailDelivery.ts). A message is claimed
 * for a lease, sent, then deleted; a failure puts it back with a growing delay (outboxBackOff.ts);
 * a crash mid-send leaves it claimed until the lease ends, and only then is it sent again.
 *
 * The messages of a batch are deleted together, in the statement that claims the next batch: on
 * PGlite every statement is a commit with its fsync, which the registrations waiting to be stored
 * queue behind. A batch goes out in parallel (outboxDelivery.ts); SMTP_MAX_PER_MINUTE paces the
 * claims (outboxPace.ts).
 *
 * Answering applicants comes first: while registrations keep being committed, the sender rests
 * between batches, so that a burst of submissions is not slowed down by composing its emails
 * (about a millisecond of the event loop each); the queue is worked off at full speed after it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Institution } from './confirmationEmail';
import { describeMailFailure } from './mailFailure';
import type { MailTransport } from './mailTransport';
import { createRelayPause } from './outboxBackOff';
import { createOutboxDelivery, type OutboxCounters } from './outboxDelivery';
import { createOutboxPace } from './outboxPace';
import { claimDue, deleteSent } from './outboxTable';
import { createApplicantMailDelivery } from './applicantMailDelivery';
import type { ApplicantLinkIssuer } from '../applicant/applicantLinks';

export interface OutboxSender {
  /** Starts delivering: now, and then every `pollMs`. */
  start(): void;
  /** Looks for due messages now (a registration was just committed); nothing before start(). */
  wake(): void;
  /** Stops looking and waits for the messages being sent. */
  stop(): Promise<void>;
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
  /** With PUBLIC_URL: the applicants' links, which their emails carry. */
  links?: ApplicantLinkIssuer;
  /** Multiplies the retry schedule and the relay's pauses: tests make seconds milliseconds. */
  retryScale?: number;
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

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { database, transport, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const pace = options.maxPerMinute ? createOutboxPace(options.maxPerMinute) : undefined;
  const relay = createRelayPause(log, options.retryScale);
  const deliverBatch = createOutboxDelivery({ ...options, relay });
  const deliverApplicantMail = createApplicantMailDelivery({ ...options, relay, pace });
  let timer: NodeJS.Timeout | undefined;
  /** Resolves with how long to hold before going on (0: look again at the next poll). */
  let running: Promise<number> | undefined;
  /** Whether registrations were committed since the current run began. */
  let woken = false;
  /** Resting after a run during which registrations were committed. */
  let resting = false;
  let started = false;
  let stopped = false;

  /** How long to hold before sending more: the relay's pause, or the pace; 0: not at all. */
  function holdMs(): number {
    const pausedMs = relay.msLeft();
    if (pausedMs > 0) return pausedMs;
    return pace?.available(1) === 0 ? pace.msUntilNext() : 0;
  }

  async function deliverDue(): Promise<number> {
    let sent: number[] = [];
    // The applicant's other mail first: there is little of it, and an applicant waits for it.
    await deliverApplicantMail();
    try {
      for (;;) {
        const heldMs = holdMs();
        if (heldMs > 0) return heldMs;
        const wanted = pace ? pace.available(batchSize) : batchSize;
        const rows = await claimDue(database, wanted, leaseSeconds, sent);
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
      if (sent.length > 0) await deleteSent(database, sent);
    }
  }

  async function run(): Promise<void> {
    clearTimeout(timer);
    resting = false;
    if (!started || stopped || running) return;
    woken = false;
    running = deliverDue().catch((error: unknown) => {
      log.error(describeMailFailure(error), 'delivering the outbox failed');
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
