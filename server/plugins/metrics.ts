/**
 * Figures for the people who run the service, in Prometheus' text format (prom-client): served by
 * listenForMetrics on 127.0.0.1:METRICS_PORT, never on the public port. Request latency is
 * measured here; the other figures are counted where they happen, through `app.metrics`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { healthTimeoutMs } from './health';

export interface OutboxStats {
  queued: number;
  /** 0 when nothing is queued. */
  oldestAgeSeconds: number;
}

/**
 * The outbox's figures, or undefined when the database fails to give them or is slower than
 * /healthz allows: the scrape still succeeds, so an instance that is up says its database is not.
 */
async function readInTime(outboxStats: () => Promise<OutboxStats>) {
  try {
    return await Promise.race([outboxStats(), sleep(healthTimeoutMs, undefined, { ref: false })]);
  } catch {
    return undefined;
  }
}

/** `outboxStats` is read at each scrape, from the database. */
export function createMetrics(outboxStats: () => Promise<OutboxStats>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let stats: Promise<OutboxStats | undefined> | undefined;
  // One query per scrape serves the three gauges.
  const readStats = () => (stats ??= readInTime(outboxStats).finally(() => (stats = undefined)));
  new Gauge({
    name: 'database_up',
    help: 'Whether the database answered this scrape (1) or failed or timed out like /healthz (0).',
    registers,
    async collect() {
      this.set((await readStats()) ? 1 : 0);
    },
  });
  // NaN, not a made-up 0, while the database does not answer.
  new Gauge({
    name: 'emails_queued',
    help: 'Confirmation emails waiting in the outbox.',
    registers,
    async collect() {
      this.set((await readStats())?.queued ?? NaN);
    },
  });
  new Gauge({
    name: 'emails_oldest_queued_age_seconds',
    help: 'How long the oldest queued confirmation email has waited (0 when none waits).',
    registers,
    async collect() {
      this.set((await readStats())?.oldestAgeSeconds ?? NaN);
    },
  });
  return {
    registry,
    registrationsStored: new Counter({
      name: 'registrations_stored_total',
      help: 'Registrations answered as stored (an identical resubmission included).',
      registers,
    }),
    registrationsRefused: new Counter({
      name: 'registrations_refused_total',
      help: 'Requests to /graphql refused, by reason.',
      labelNames: ['reason'],
      registers,
    }),
    emailsSent: new Counter({
      name: 'emails_sent_total',
      help: 'Confirmation emails handed to the mail server (or written to DATA_DIR/mail).',
      registers,
    }),
    emailsSuppressed: new Counter({
      name: 'emails_suppressed_total',
      help: 'Confirmation emails not queued for a stored registration, by reason (address_limit).',
      labelNames: ['reason'],
      registers,
    }),
    emailsFailed: new Counter({
      name: 'emails_failed_total',
      help: 'Attempts to send a confirmation email that failed, the relay refusing for now included (each is retried).',
      registers,
    }),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer.',
      labelNames: ['method', 'route', 'status_code'],
      // The latency objectives' threshold (ops/prometheus/) must stay one of the bounds.
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const metrics: FastifyPluginAsync<{ metrics: Metrics }> = async (app, options) => {
  app.decorate('metrics', options.metrics);
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.requestDuration.observe(
      {
        method: request.method,
        // The route's pattern, never the path a client made up: the label set stays small.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
};

export const metricsPlugin = fp(metrics, { name: 'metrics' });

/** GET /metrics on 127.0.0.1:`port`, apart from the public server. */
export async function listenForMetrics(registry: Registry, port: number): Promise<FastifyInstance> {
  const server = Fastify();
  server.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  await server.listen({ port, host: '127.0.0.1' });
  return server;
}
