/**
 * Figures for the people who run the service, in Prometheus' text format (prom-client): served by
 * listenForMetrics on 127.0.0.1:METRICS_PORT, never on the public port. Request latency is
 * measured here; the other figures are counted where they happen, through `app.metrics` (the
 * outbox's in its own plugin).
 */
import type { FastifyPluginAsync } from 'fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BuildInfo } from '../buildInfo';

function createMetrics(build: BuildInfo) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({
    name: 'build_info',
    help: 'Always 1: the release (version) and commit this instance runs, as labels.',
    labelNames: ['version', 'commit'],
    registers,
  }).set(build, 1);
  return {
    registry,
    registrationsStored: new Counter({
      name: 'registrations_stored_total',
      help: 'Registrations answered as stored (an identical resubmission included).',
      registers,
    }),
    registrationsRefused: new Counter({
      name: 'registrations_refused_total',
      help: "Requests refused as security events, by reason: /graphql's and the XSRF checks of every route.",
      labelNames: ['reason'],
      registers,
    }),
    emailsSuppressed: new Counter({
      name: 'emails_suppressed_total',
      help: 'Confirmation emails not queued for a stored registration, by reason (address_limit, hourly_limit).',
      labelNames: ['reason'],
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

export interface MetricsPluginOptions {
  build: BuildInfo;
}

const metrics: FastifyPluginAsync<MetricsPluginOptions> = async (app, { build }) => {
  app.decorate('metrics', createMetrics(build));
  app.addHook('onResponse', async (request, reply) => {
    app.metrics.requestDuration.observe(
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
