/**
 * The app factory: builds the whole server without listening, so tests drive it through
 * `inject` and main.ts only adds the port and the signals.
 */
import cookie from '@fastify/cookie';
import sensible from '@fastify/sensible';
import Fastify, { type FastifyInstance } from 'fastify';
import { readBuildInfo } from './buildInfo';
import { appConfigOf, type Config } from './config';
import type { Database } from './db/database';
import { handleError } from './errors';
import { mailDirOf } from './mail/confirmationFiles';
import { RequestLogController } from './logging';
import { databasePlugin } from './plugins/database';
import { graphqlPlugin } from './plugins/graphql';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { outboxPlugin, type OutboxPluginOptions } from './plugins/outbox';
import { redisPlugin } from './plugins/redis';
import { retentionPurgePlugin } from './plugins/retentionPurge';
import { requestRemindersPlugin } from './plugins/requestReminders';
import { duplicatePairingPlugin } from './plugins/duplicatePairing';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { shutdownPlugin } from './plugins/shutdown';
import type { StartPageRenderer } from '../src/contract/startPageRenderer';
import { loadStartPage, spaPlugin } from './plugins/spa';
import { xsrfPlugin } from './plugins/xsrf';
import { webhooksPlugin, type WebhooksPluginOptions } from './webhooks/webhooksPlugin';
import { consoleOffHint } from './console/settings';
import { staffConsolePlugin } from './console/consolePlugin';
import { consoleCookies } from './console/signIn';
import { applicantPlugin } from './applicant/applicantPlugin';
import { createLinkIssuer } from './applicant/applicantLinks';
import { noApplicantLinksHint } from './publicUrl';
import { integrationPlugin } from './integration/integrationPlugin';
import type { OperationsContext } from './operations/operations';
import { loadXsrfSecret } from './xsrfSecret';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database and settings the staff's commands work with (server/operations/). */
    operations: OperationsContext;
    /**
     * Starts the retention purge (now, then daily), the requests' reminders (now, then every few
     * minutes), the outbox's sender and the webhooks'.
     */
    startWork(): Promise<void>;
  }
}

export type AppOptions = Omit<Config, 'port' | 'host' | 'logLevel' | 'metricsPort'> & {
  /** Pino level; false (the default) logs nothing, as tests want. */
  logLevel?: string | false;
  /** Where the log lines go: standard output by default; tests read them. */
  logStream?: { write(line: string): void };
  /** An open database to use instead of opening one from dataDir/databaseUrl; the caller closes it. */
  database?: Database;
  /** Renders the start page; by default the renderer built with the SPA in staticDir. */
  prerenderStartPage?: StartPageRenderer;
  /**
   * Leaves the retention purge and the outbox to app.startWork(), which main.ts calls once both
   * ports are bound: a start that fails changes nothing. By default they start with the app.
   */
  deferWork?: boolean;
  /** The staff sessions', the applicants' links' and the API tokens' clock; the system's by default. */
  now?: () => Date;
  /** Tests: the webhooks' polling and retry schedule made shorter (server/webhooks/). */
  webhookTiming?: WebhooksPluginOptions['timing'];
  /** Tests: how webhook hosts resolve, for the staff API's check and the sender's connections. */
  webhookResolve?: WebhooksPluginOptions['resolve'];
  /** Tests: the outbox's polling and retry schedule made shorter (server/mail/). */
  outboxTiming?: OutboxPluginOptions['timing'];
  /** Tests: every connection limit below multiplied by this (a tenth: headers within 1 s). */
  connectionLimitScale?: number;
};

/** The SPA's largest request is about 1.5 KiB; anything beyond 16 KiB is refused with 413. */
const bodyLimit = 16 * 1024;

/**
 * No client may hold a connection for ever (one byte a second would, with Node's timers off as
 * Fastify leaves them): a request must arrive whole within 30 s, its headers within 10 s, and a
 * socket idle for 30 s is closed. Keep-alive stays longer than a balancer's usual 60 s idle time.
 */
function connectionLimits(scale = 1) {
  return {
    requestTimeout: 30_000 * scale,
    connectionTimeout: 30_000 * scale,
    keepAliveTimeout: 72_000 * scale,
    http: { headersTimeout: 10_000 * scale, connectionsCheckingInterval: 1_000 * scale },
  };
}

/** A number of hops as the function Fastify's types ask for (the first `hops` proxies are trusted). */
function trustedProxies(trust: AppOptions['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel ? { level: options.logLevel, stream: options.logStream } : false,
    logController: new RequestLogController(),
    bodyLimit,
    trustProxy: trustedProxies(options.trustProxy),
    forceCloseConnections: 'idle',
    ...connectionLimits(options.connectionLimitScale),
    // The database plugin opens PGlite, whose first start runs initdb: it takes as long as it takes.
    pluginTimeout: 0,
    // A body is what it is: `variables: 0` is an error, not a null to coerce it to, and a property
    // the schema does not name refuses the request (400) rather than being dropped unseen.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  const appConfig = appConfigOf(options);
  // Rendered once, before anything opens: a build without its renderer stops the start at once.
  const startPage = loadStartPage(options.staticDir, appConfig, options.prerenderStartPage);

  // onClose hooks run last-registered first: each part closes before the parts it uses.
  app.setErrorHandler(handleError);
  // Bodies are JSON (and the back-channel logout's form): any other media type, text/plain too,
  // is answered 415 by Fastify itself rather than refused later by a schema as "not an object".
  app.removeContentTypeParser('text/plain');
  await app.register(shutdownPlugin);
  const build = readBuildInfo(options.gitCommit);
  await app.register(metricsPlugin, { build });
  await app.register(sensible);
  await app.register(databasePlugin, {
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    database: options.database,
  });
  // Only once the database has opened: a start that fails there leaves DATA_DIR without a secret.
  app.decorate<OperationsContext>('operations', {
    database: app.database,
    retentionDays: options.retentionDays,
    timeZone: options.timeZone,
    secret: loadXsrfSecret(options.dataDir, options.xsrfSecret),
    mailDir: mailDirOf(options.dataDir),
  });
  await app.register(cookie);
  await app.register(securityHeadersPlugin, { inlineScripts: [startPage.inlineScript] });
  await app.register(xsrfPlugin, {
    secret: app.operations.secret,
    sessionCookie: options.staffConsole && consoleCookies(options.staffConsole).session.name,
  });
  await app.register(outboxPlugin, {
    smtpUrl: options.smtpUrl,
    dataDir: options.dataDir,
    institution: {
      name: options.institutionName,
      contactEmail: options.contactEmail,
      mailFrom: options.mailFrom,
      timeZone: options.timeZone,
    },
    maxPerMinute: options.smtpMaxPerMinute,
    timing: options.outboxTiming,
    links:
      options.publicUrl &&
      createLinkIssuer(
        app.database,
        options.publicUrl,
        { secret: app.operations.secret, days: options.applicantLinkDays },
        options.now ?? (() => new Date()),
      ),
  });
  app.log.info(
    options.publicUrl
      ? `The applicants' own links start with ${new URL('/my/', options.publicUrl).href}`
      : noApplicantLinksHint,
  );
  await app.register(webhooksPlugin, {
    allowedHosts: options.webhookAllowedHosts ?? [],
    timing: options.webhookTiming,
    resolve: options.webhookResolve,
  });
  await app.register(redisPlugin, { url: options.redisUrl });
  await app.register(healthPlugin, { database: app.database, build });
  await app.register(graphqlPlugin, {
    redis: app.redis,
    emailDomain: options.emailDomain,
    languages: options.languages,
    confirmationsPerHour: options.confirmationsPerHour,
    rateLimitPerMinute: options.rateLimitPerMinute,
    introspection: options.graphqlIntrospection,
  });
  if (options.staffConsole) {
    await app.register(staffConsolePlugin, {
      settings: options.staffConsole,
      operations: app.operations,
      emailDomain: options.emailDomain,
      redis: app.redis,
      // RATE_LIMIT_PER_MINUTE=0 (load tests, the benchmarks) turns this limit off too.
      rateLimited: options.rateLimitPerMinute > 0,
      now: options.now,
      webhookAllowedHosts: options.webhookAllowedHosts ?? [],
      webhookResolve: options.webhookResolve,
    });
  } else {
    app.log.info(consoleOffHint);
  }
  await app.register(applicantPlugin, {
    operations: app.operations,
    emailDomain: options.emailDomain,
    publicUrl: options.publicUrl,
    linkDays: options.applicantLinkDays,
    correctionsPerDay: options.applicantCorrectionsPerDay,
    answerEmailsToStaff: options.requestAnswerEmailsToStaff,
    redis: app.redis,
    rateLimited: options.rateLimitPerMinute > 0,
    now: options.now,
  });
  await app.register(integrationPlugin, {
    database: app.database,
    redis: app.redis,
    rateLimited: options.rateLimitPerMinute > 0,
    now: options.now,
  });
  await app.register(spaPlugin, {
    staticDir: options.staticDir,
    appConfig,
    startPage,
    staffConsole: options.staffConsole !== undefined,
  });
  await app.register(retentionPurgePlugin);
  await app.register(requestRemindersPlugin, {
    days: options.requestReminderDays,
    now: options.now ?? (() => new Date()),
  });
  await app.register(duplicatePairingPlugin);

  app.decorate('startWork', async () => {
    await app.retentionPurge.start();
    await app.requestReminders.start();
    app.outbox.start();
    app.webhooks.start();
    app.duplicatePairing.start();
  });
  if (!options.deferWork) await app.startWork();
  return app;
}
