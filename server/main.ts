/**
 * Entry point: configuration from the environment, the metrics on 127.0.0.1:METRICS_PORT, the
 * staff socket in DATA_DIR, listen on PORT, shut down on SIGTERM/SIGINT. A start that fails says
 * why in one line, exits with 1 and leaves DATA_DIR as it found it.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { readConfig, type Config } from './config';
import { keepNewFilesPrivate } from './dataDirAccess';
import { listenForMetrics } from './plugins/metrics';
import { listenOnStaffSocket } from './operations/commandSocket';
import { checkPortFree, listenFailure, startupFailureLine } from './startupError';
import { trustProxyWarning } from './trustProxyWarning';

/** How long in-flight requests may take to finish once a shutdown has begun. */
const shutdownGraceMs = 10_000;

const metricsHost = '127.0.0.1';

async function main() {
  keepNewFilesPrivate();
  const config = readConfig(process.env);
  // Before DATA_DIR is opened: a port in use must not cost a purge, a lock or a socket.
  await checkPortFree('PORT', config.port, config.host);
  await checkPortFree('METRICS_PORT', config.metricsPort, metricsHost);

  const app = await buildApp({ ...config, deferWork: true });
  const warning = trustProxyWarning(config);
  if (warning) app.log.warn({ trustProxy: config.trustProxy, host: config.host }, warning);
  try {
    await listen(app, config);
  } catch (error) {
    await app.close();
    throw error;
  }
  stopOnSignals(app);
  // Only now, with both ports bound, does anything write: the purge, the outbox.
  await app.startWork();
}

/** The metrics, the staff socket and the public port, each closed again with the app. */
async function listen(app: FastifyInstance, config: Config): Promise<void> {
  const metricsServer = await listenForMetrics(app.metrics.registry, config.metricsPort).catch(
    (error: unknown) => {
      throw listenFailure(error, 'METRICS_PORT', config.metricsPort, metricsHost);
    },
  );
  // The staff's commands use the database: they end before it closes.
  app.addHook('preClose', () => metricsServer.close());
  app.log.info(`metrics on http://${metricsHost}:${config.metricsPort}/metrics`);
  // With DATABASE_URL the staff's commands reach PostgreSQL themselves.
  if (!config.databaseUrl) {
    const staffSocket = await listenOnStaffSocket(app.operations, config.dataDir, app.log);
    app.addHook('preClose', () => staffSocket.close());
  }
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw listenFailure(error, 'PORT', config.port, config.host);
  });
}

function stopOnSignals(app: FastifyInstance): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `once`: a second Ctrl-C falls back to Node's default and ends the process at once.
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        app.log.error('shutdown took too long, exiting');
        process.exit(1);
      }, shutdownGraceMs).unref();
      // close(): stop accepting, let in-flight requests finish, then onClose closes the database.
      app.close().then(
        () => app.log.info('shut down'),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exitCode = 1;
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(startupFailureLine(error));
  process.exit(1);
});
