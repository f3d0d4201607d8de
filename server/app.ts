/**
 * The app factory: builds the whole server without listening, so tests drive it through
 * `inject` and main.ts only adds the port and the signals.
 */
import os from 'node:os';
import cookie from '@fastify/cookie';
import sensible from '@fastify/sensible';
import Fastify, { type FastifyInstance } from 'fastify';
import { appConfigOf, type Config } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/openDatabase';
import { migrate } from './db/migrations';
import { createRegistrationStore } from './db/registrations';
import { makeDataDirPrivate } from './dataDirAccess';
import { handleError } from './errors';
import { mailDirOf } from './mail/confirmationFiles';
import { createMailTransport } from './mail/mailTransport';
import { createOutboxSender, readOutboxStats } from './mail/outboxSender';
import { connectRedis } from './redis';
import { RequestLogController } from './logging';
import { graphqlPlugin } from './plugins/graphql';
import { healthPlugin } from './plugins/health';
import { createMetrics, metricsPlugin } from './plugins/metrics';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import type { StartPageRenderer } from '../src/contract/startPageRenderer';
import { loadStartPage, spaPlugin } from './plugins/spa';
import { xsrfPlugin } from './plugins/xsrf';
import { consoleOffHint } from './console/settings';
import { staffConsolePlugin } from './console/consolePlugin';
import { purgeExpired, type OperationsContext } from './operations/operations';
import { loadXsrfSecret } from './xsrfSecret';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database and settings the staff's commands work with (server/operations/). */
    operations: OperationsContext;
    /** Starts the retention purge (now, then daily) and the outbox's sender. */
    startWork(): Promise<void>;
  }
}

export type AppOptions = Omit<Config, 'port' | 'host' | 'logLevel' | 'metricsPort'> & {
  /** Pino level; false (the default) logs nothing, as tests want. */
  logLevel?: string | false;
  /** An open database to use instead of opening one from dataDir/databaseUrl; the caller closes it. */
  database?: Database;
  /** Renders the start page; by default the renderer built with the SPA in staticDir. */
  prerenderStartPage?: StartPageRenderer;
  /**
   * Leaves the retention purge and the outbox to app.startWork(), which main.ts calls once both
   * ports are bound: a start that fails changes nothing. By default they start with the app.
   */
  deferWork?: boolean;
  /** The staff sessions' clock; the system's by default. */
  now?: () => Date;
};

/** The SPA's largest request is about 1.5 KiB; anything beyond 16 KiB is refused with 413. */
const bodyLimit = 16 * 1024;

/**
 * No client may hold a connection for ever (one byte a second would, with Node's timers off as
 * Fastify leaves them): a request must arrive whole within 30 s, its headers within 10 s, and a
 * socket idle for 30 s is closed. Keep-alive stays longer than a balancer's usual 60 s idle time.
 */
const connectionLimits = {
  requestTimeout: 30_000,
  connectionTimeout: 30_000,
  keepAliveTimeout: 72_000,
  http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
};

/** Registrations past RETENTION_DAYS are deleted at start and then this often. */
const purgeIntervalMs = 24 * 60 * 60 * 1000;

/** A number of hops as the function Fastify's types ask for (the first `hops` proxies are trusted). */
function trustedProxies(trust: AppOptions['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel ? { level: options.logLevel } : false,
    logController: new RequestLogController(),
    bodyLimit,
    trustProxy: trustedProxies(options.trustProxy),
    forceCloseConnections: 'idle',
    ...connectionLimits,
    // A body is what it is: `variables: 0` is an error, not a null to coerce it to.
    ajv: { customOptions: { coerceTypes: false } },
  });

  const appConfig = appConfigOf(options);
  // Rendered once, before anything opens: a build without its renderer stops the start at once.
  const startPage = loadStartPage(options.staticDir, appConfig, options.prerenderStartPage);

  const tightened = makeDataDirPrivate(options.dataDir);
  if (tightened > 0) {
    app.log.warn(
      { dataDir: options.dataDir, paths: tightened },
      'DATA_DIR was open to other users: made it readable by the server user alone',
    );
  }

  const database =
    options.database ??
    (await openDatabase(options, (error) => app.log.error({ err: error }, 'database error')));
  const ownsDatabase = !options.database;
  try {
    await migrate(database);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  const metrics = createMetrics(() => readOutboxStats(database));
  // Started once everything else stands (below).
  const outbox = createOutboxSender({
    database,
    transport: createMailTransport(options.smtpUrl, options.dataDir),
    institution: {
      name: options.institutionName,
      contactEmail: options.contactEmail,
      mailFrom: options.mailFrom,
      timeZone: options.timeZone,
    },
    counters: { sent: () => metrics.emailsSent.inc(), failed: () => metrics.emailsFailed.inc() },
    log: app.log,
    maxPerMinute: options.smtpMaxPerMinute,
  });
  const registrations = createRegistrationStore(database, { onCommitted: outbox.wake });
  // onClose runs after in-flight requests have finished: write what they queued, then close.
  app.addHook('onClose', async () => {
    await registrations.drain();
    await outbox.stop();
    if (ownsDatabase) await database.close();
  });

  // A keep-alive connection answered during a shutdown is closed with its answer, so that it
  // cannot hold the server open after the requests in flight have finished.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const staff: OperationsContext = {
    database,
    retentionDays: options.retentionDays,
    timeZone: options.timeZone,
    secret: loadXsrfSecret(options.dataDir, options.xsrfSecret),
    mailDir: mailDirOf(options.dataDir),
  };
  app.decorate('operations', staff);

  app.setErrorHandler(handleError);
  await app.register(metricsPlugin, { metrics });
  await app.register(sensible);
  // Signs the staff console's sign-in cookie (server/console/signIn.ts).
  await app.register(cookie, { secret: staff.secret });
  await app.register(securityHeadersPlugin, { inlineScripts: [startPage.inlineScript] });
  await app.register(xsrfPlugin, { secret: staff.secret });

  await app.register(healthPlugin, { database });
  const redis = options.redisUrl ? await connectRedis(options.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(graphqlPlugin, {
    redis,
    registrations,
    emailDomain: options.emailDomain,
    rateLimitPerMinute: options.rateLimitPerMinute,
    introspection: options.graphqlIntrospection,
  });
  if (options.staffConsole) {
    await app.register(staffConsolePlugin, {
      settings: options.staffConsole,
      operations: staff,
      redis,
      // RATE_LIMIT_PER_MINUTE=0 (load tests, the benchmarks) turns this limit off too.
      rateLimited: options.rateLimitPerMinute > 0,
      now: options.now,
    });
  } else {
    app.log.info(consoleOffHint);
  }
  await app.register(spaPlugin, {
    staticDir: options.staticDir,
    appConfig,
    startPage,
    staffConsole: options.staffConsole !== undefined,
  });

  const purges = schedulePurges(app);
  app.addHook('onClose', async () => purges.stop());
  app.decorate('startWork', async () => {
    await purges.start();
    outbox.start();
  });
  if (!options.deferWork) await app.startWork();
  return app;
}

/** Deletes the registrations past RETENTION_DAYS once started, then daily, until stopped. */
function schedulePurges(app: FastifyInstance) {
  const actor = os.userInfo().username;
  const purge = async () => {
    try {
      const purged = await purgeExpired(app.operations, 'scheduled purge', actor);
      app.log.info({ purged, retentionDays: app.operations.retentionDays }, 'retention purge');
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      app.log.error({ errorName: name, errorCode: code }, 'retention purge failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    async start() {
      if (app.operations.retentionDays === 0) return;
      await purge();
      timer = setInterval(() => void purge(), purgeIntervalMs).unref();
    },
    stop: () => clearInterval(timer),
  };
}
