/**
 * Delivers the queued webhook events: claims the due ones for a lease (deliveryTable.ts), posts
 * each signed (webhookSignature.ts) with a timeout, and records how it went, the outcomes of
 * those finished together in one statement before the next claim. Deliveries run side by side
 * and a slot is refilled as soon as one finishes, so an endpoint that answers slowly or not at all
 * holds only its own deliveries. A crash mid-delivery leaves it claimed until the lease ends;
 * stop() aborts the deliveries under way and gives them back, to be sent after the restart.
 *
 * Its connections resolve a host name through webhookLookup (webhookUrls.ts), which refuses one
 * with any address that is not public: the addresses checked are those connected to, so a name
 * that answers a public address to a check and an inside one a moment later (DNS rebinding)
 * reaches nothing. undici's own fetch, with the Agent of the same package.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Agent, fetch } from 'undici';
import type { Database } from '../db/database';
import {
  claimDueDeliveries,
  recordOutcomes,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './deliveryTable';
import { retryDelayAfter } from './retrySchedule';
import { signedHeaders } from './webhookSignature';
import {
  AddressRefused,
  refusalOfWebhookUrlForm,
  systemResolver,
  webhookLookup,
  type HostResolver,
} from './webhookUrls';

export interface WebhookSender {
  /** Starts delivering: now, and then every `pollMs`. */
  start(): void;
  /** Looks for due deliveries now (a change was just committed); nothing before start(). */
  wake(): void;
  /** Stops, giving back the deliveries under way. */
  stop(): Promise<void>;
}

export interface WebhookCounters {
  outcome(outcome: 'delivered' | 'retry' | 'failed'): void;
}

export interface WebhookSenderOptions {
  database: Database;
  allowedHosts: readonly string[];
  counters: WebhookCounters;
  log: FastifyBaseLogger;
  /** How often to look for due deliveries between wake-ups (retries, other instances' events). */
  pollMs?: number;
  /** Multiplies the retry schedule: tests make minutes milliseconds. */
  retryScale?: number;
  /** How host names resolve: the system's resolver by default; tests give their own. */
  resolve?: HostResolver;
}

/** Deliveries under way at once, over all endpoints. */
const maxInFlight = 64;
/** An endpoint must answer within this; a longer wait counts as a failed attempt. */
const timeoutMs = 10_000;
/** Longer than a delivery may take: only a crashed instance's claims are taken over. */
const leaseSeconds = 60;
/** The longest error text kept for the console. */
const errorLength = 300;

const givenBack = {
  state: 'pending',
  retryInSeconds: 0,
  status: null,
  error: null,
  givenBack: true,
} as const;

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { database, allowedHosts, counters, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const retryScale = options.retryScale ?? 1;
  const agent = new Agent({
    connect: { lookup: webhookLookup(allowedHosts, options.resolve ?? systemResolver) },
  });
  /** Each delivery under way: its abort, and its end. */
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let finished: AttemptOutcome[] = [];
  let timer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopped = false;

  function outcomeOf(row: ClaimedDelivery, status: number | null, error: string | null) {
    if (status !== null && status >= 200 && status < 300) {
      counters.outcome('delivered');
      return { id: row.id, state: 'delivered', retryInSeconds: 0, status, error: null } as const;
    }
    const delay = retryDelayAfter(row.attempts);
    counters.outcome(delay === undefined ? 'failed' : 'retry');
    const state = delay === undefined ? 'failed' : 'pending';
    return { id: row.id, state, retryInSeconds: (delay ?? 0) * retryScale, status, error } as const;
  }

  async function attempt(row: ClaimedDelivery, signal: AbortSignal): Promise<AttemptOutcome> {
    // The URL's form and an IP address in it; a host name's addresses when it connects.
    const refusal = refusalOfWebhookUrlForm(row.url, allowedHosts);
    if (refusal) return outcomeOf(row, null, `refused: ${refusal}`);
    const body = JSON.stringify(row.payload);
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(row.secret, `msg_${row.message_id}`, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        dispatcher: agent,
      });
      await response.body?.cancel();
      return outcomeOf(row, response.status, response.ok ? null : `answered ${response.status}`);
    } catch (error) {
      if (signal.aborted) {
        return { ...givenBack, id: row.id };
      }
      const { name, cause } = error as Error & { cause?: { code?: string } };
      if (cause instanceof AddressRefused) {
        return outcomeOf(row, null, `refused: ${cause.message}`.slice(0, errorLength));
      }
      return outcomeOf(row, null, (cause?.code ?? name).slice(0, errorLength));
    }
  }

  function begin(row: ClaimedDelivery) {
    const controller = new AbortController();
    // Claimed while stop() was called: given back at once.
    if (stopped) controller.abort();
    const done = attempt(row, controller.signal).then((outcome) => {
      inFlight.delete(row.id);
      finished.push(outcome);
      pump();
    });
    inFlight.set(row.id, { controller, done });
  }

  /** Records what finished, then fills the free slots, until nothing more is due. */
  async function fill(): Promise<void> {
    for (;;) {
      const outcomes = finished;
      finished = [];
      await recordOutcomes(database, outcomes);
      const free = maxInFlight - inFlight.size;
      if (stopped || free === 0) return;
      const rows = await claimDueDeliveries(database, free, leaseSeconds);
      rows.forEach(begin);
      if (rows.length < free) return;
    }
  }

  /** One fill at a time; a call while one runs makes it go round once more. */
  function pump() {
    if (!started || stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    clearTimeout(timer);
    pumping = fill()
      .catch((error: unknown) => {
        const { name, code } = error as Error & { code?: string };
        log.error({ errorName: name, errorCode: code }, 'delivering webhooks failed');
      })
      .finally(() => {
        pumping = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          pump();
        } else {
          timer = setTimeout(pump, pollMs);
        }
      });
  }

  return {
    start() {
      started = true;
      pump();
    },
    wake: pump,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const { controller } of inFlight.values()) controller.abort();
      await pumping;
      await Promise.all([...inFlight.values()].map(({ done }) => done));
      await recordOutcomes(database, finished);
      await agent.destroy();
    },
  };
}
