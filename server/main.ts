/**
 * Entry point: configuration from the environment, listen on PORT, the metrics on
 * 127.0.0.1:METRICS_PORT, the staff socket in DATA_DIR, shut down on SIGTERM/SIGINT.
 */
import { buildApp } from './app';
import { readConfig } from './config';
import { keepNewFilesPrivate } from './dataDirAccess';
import { listenForMetrics } from './plugins/metrics';
import { listenOnStaffSocket } from './staff/staffSocket';

/** How long in-flight requests may take to finish once a shutdown has begun. */
const shutdownGraceMs = 10_000;

async function main() {
  keepNewFilesPrivate();
  const config = readConfig(process.env);
  const app = await buildApp(config);

  const metricsServer = await listenForMetrics(app.metrics.registry, config.metricsPort);
  app.log.info(`metrics on http://127.0.0.1:${config.metricsPort}/metrics`);
  // With DATABASE_URL the staff's commands reach PostgreSQL themselves.
  const staffSocket = config.databaseUrl
    ? undefined
    : await listenOnStaffSocket(app.staff, config.dataDir, app.log);
  // The staff's commands use the database: they end before it closes.
  app.addHook('preClose', async () => {
    await Promise.all([metricsServer.close(), staffSocket?.close()]);
  });

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

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
