/** Server settings, read once from the environment. Invalid values stop the start with a clear message. */
import path from 'node:path';
import {
  configDefaults,
  institutionKinds,
  type AppConfig,
  type InstitutionKind,
} from '../src/contract/configDefaults';
import {
  defaultLanguages,
  languages,
  offeredLanguagesFrom,
  type Language,
} from '../src/contract/languages';
import { commitFormat } from './buildInfo';
import { readStaffConsoleSettings, type StaffConsoleSettings } from './console/settings';
import { isTimeZone } from './timeZone';
import { localTrialUrl, readPublicUrl } from './publicUrl';

export interface StorageConfig {
  /** PGlite's home when no DATABASE_URL is given. */
  dataDir: string;
  /** postgres://… selects a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string;
}

/** What the staff's commands need besides the database (server/operations/). */
export interface StaffConfig extends StorageConfig {
  /** Registrations older than this many days are deleted; 0 keeps them all. */
  retentionDays: number;
  /** Signs the XSRF tokens; unset, one is generated and kept in DATA_DIR (server/xsrfSecret.ts). */
  xsrfSecret?: string;
  /** The IANA time zone of every date a person reads: the confirmation, the exports, the audit log. */
  timeZone: string;
  /** The applicants' addresses are at this domain: a restored registration's too. */
  emailDomain: string;
  /** The languages offered (LANGUAGES), the first the default and fallback. */
  languages: Language[];
}

export interface Config extends StaffConfig {
  port: number;
  /** Prometheus metrics on 127.0.0.1 only: never on the public port. */
  metricsPort: number;
  host: string;
  /** Requests per minute and client address on /graphql; 0 turns the limit off. */
  rateLimitPerMinute: number;
  logLevel: string;
  /** Fastify's trustProxy: which X-Forwarded-* headers to believe (client address, https). */
  trustProxy: false | number | string;
  /** The SPA's production bundle. */
  staticDir: string;
  /** redis://…: the instances share their rate limit counters there. */
  redisUrl?: string;
  institutionName: string;
  institutionUrl: string;
  externalSiteUrl: string;
  contactEmail: string;
  /** Names the act behind the privacy notice's legal basis. */
  institutionKind: InstitutionKind;
  /** The data protection officer's address; '' when unset (the privacy notice then leaves it out). */
  dpoEmail: string;
  /** Where the SPA sends the form (a path on this server by default). */
  graphqlUrl: string;
  /** smtp://user:pass@host:587 sends the confirmations; unset, they are written to DATA_DIR/mail. */
  smtpUrl?: string;
  /** The confirmations' From address; the contact address by default. */
  mailFrom: string;
  /** At most this many confirmations a minute, as the relay allows a sender; unset: no limit. */
  smtpMaxPerMinute?: number;
  /**
   * WEBHOOK_ALLOWED_HOSTS, comma-separated: hosts webhooks may reach over http, or at a private,
   * loopback or link-local address (a campus SIS is usually inside). Unset: none.
   */
  webhookAllowedHosts?: string[];
  /** Schema introspection and "Did you mean …" hints: a development aid, off elsewhere. */
  graphqlIntrospection: boolean;
  /**
   * The address people use (PUBLIC_URL): the applicants' links need it. Unset, emails carry none,
   * unless they are only written to files (no SMTP_URL): then this machine's own address.
   */
  publicUrl?: URL;
  /** How many days an applicant's link works (APPLICANT_LINK_DAYS). */
  applicantLinkDays: number;
  /** The staff console's sign-in and access; unset, the console is off. */
  staffConsole?: StaffConsoleSettings;
  /**
   * At most this many confirmations are queued in a clock hour, whatever the addresses: beyond it
   * registrations are stored without one. A ceiling on what the form can make the institution send.
   */
  confirmationsPerHour: number;
  /**
   * Corrections an applicant may make to a registration through their link in a day
   * (APPLICANT_CORRECTIONS_PER_DAY): each one mails a notice, so they are held to this many.
   */
  applicantCorrectionsPerDay: number;
  /**
   * How many days before an information request's deadline the applicant is reminded
   * (REQUEST_REMINDER_DAYS); 0: never. No reminder when the request was made fewer days before.
   */
  requestReminderDays: number;
  /** Whether the assignee is emailed when an applicant answers a request (REQUEST_ANSWER_STAFF_EMAILS). */
  requestAnswerEmailsToStaff: boolean;
  /** The commit this server runs (GIT_COMMIT), where the clone's .git cannot tell it. */
  gitCommit?: string;
}

type Env = Record<string, string | undefined>;

/** The server's own settings when the environment names none (the SPA's are configDefaults). */
export const serverDefaults = {
  port: 8080,
  metricsPort: 9464,
  host: '0.0.0.0',
  rateLimitPerMinute: 60,
  logLevel: 'info',
  dataDir: 'data',
  staticDir: 'dist',
  confirmationsPerHour: 1000,
  applicantCorrectionsPerDay: 10,
  requestReminderDays: 2,
};

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readStorageConfig(env: Env): StorageConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return { dataDir: path.resolve(env.DATA_DIR || serverDefaults.dataDir), databaseUrl };
}

export function readStaffConfig(env: Env): StaffConfig {
  return {
    ...readStorageConfig(env),
    retentionDays: readInteger(env, 'RETENTION_DAYS', configDefaults.retentionDays, 0, 36_500),
    xsrfSecret: readSecret(env, 'XSRF_SECRET'),
    timeZone: readTimeZone(env.TIME_ZONE),
    emailDomain: env.EMAIL_DOMAIN || configDefaults.emailDomain,
    languages: readLanguages(env.LANGUAGES),
  };
}

export function readConfig(env: Env): Config {
  const logLevel = env.LOG_LEVEL || serverDefaults.logLevel;
  if (!logLevels.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  }
  const contactEmail = env.CONTACT_EMAIL?.trim() || configDefaults.contactEmail;
  const port = readInteger(env, 'PORT', serverDefaults.port, 0, 65535);
  const smtpUrl = readSmtpUrl(env.SMTP_URL);
  return {
    ...readStaffConfig(env),
    port,
    metricsPort: readInteger(env, 'METRICS_PORT', serverDefaults.metricsPort, 0, 65535),
    host: env.HOST || serverDefaults.host,
    rateLimitPerMinute: readInteger(
      env,
      'RATE_LIMIT_PER_MINUTE',
      serverDefaults.rateLimitPerMinute,
      0,
      1_000_000,
    ),
    institutionName: env.INSTITUTION_NAME?.trim() || configDefaults.institutionName,
    institutionUrl: env.INSTITUTION_URL?.trim() || configDefaults.institutionUrl,
    externalSiteUrl: env.EXTERNAL_SITE_URL?.trim() || configDefaults.externalSiteUrl,
    graphqlUrl: env.GRAPHQL_URL?.trim() || configDefaults.graphqlUrl,
    contactEmail,
    institutionKind: readInstitutionKind(env.INSTITUTION_KIND),
    dpoEmail: env.DPO_EMAIL?.trim() || configDefaults.dpoEmail,
    smtpUrl,
    smtpMaxPerMinute: readOptionalInteger(env, 'SMTP_MAX_PER_MINUTE', 1, 1_000_000),
    mailFrom: env.MAIL_FROM?.trim() || contactEmail,
    logLevel,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    staticDir: path.resolve(env.STATIC_DIR || serverDefaults.staticDir),
    graphqlIntrospection: env.NODE_ENV === 'development',
    redisUrl: readRedisUrl(env.REDIS_URL),
    publicUrl: readPublicUrl(env) ?? (smtpUrl ? undefined : localTrialUrl(port)),
    applicantLinkDays: readInteger(
      env,
      'APPLICANT_LINK_DAYS',
      configDefaults.applicantLinkDays,
      1,
      365,
    ),
    webhookAllowedHosts: readList(env.WEBHOOK_ALLOWED_HOSTS),
    staffConsole: readStaffConsoleSettings(env),
    confirmationsPerHour: readInteger(
      env,
      'CONFIRMATIONS_PER_HOUR',
      serverDefaults.confirmationsPerHour,
      1,
      1_000_000,
    ),
    applicantCorrectionsPerDay: readInteger(
      env,
      'APPLICANT_CORRECTIONS_PER_DAY',
      serverDefaults.applicantCorrectionsPerDay,
      1,
      1000,
    ),
    requestReminderDays: readInteger(
      env,
      'REQUEST_REMINDER_DAYS',
      serverDefaults.requestReminderDays,
      0,
      60,
    ),
    requestAnswerEmailsToStaff: readSwitch(env, 'REQUEST_ANSWER_STAFF_EMAILS'),
    gitCommit: readGitCommit(env.GIT_COMMIT),
  };
}

/** Comma-separated names, lower case (as URL parsing writes a host). */
function readList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

function readLanguages(text: string | undefined): Language[] {
  if (text === undefined) return [...defaultLanguages];
  const offered = offeredLanguagesFrom(readList(text));
  if (!offered) {
    throw new Error(
      `LANGUAGES must list languages from ${languages.join(', ')}, each once, the default first ` +
        `(fi,sv,en), got "${text}"`,
    );
  }
  return offered;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** An integer setting that has no default: undefined when unset. */
function readOptionalInteger(env: Env, name: string, min: number, max: number) {
  return env[name]?.trim() ? readInteger(env, name, min, min, max) : undefined;
}

/** `true` or `false` (unset: false); anything else stops the start, naming the setting. */
function readSwitch(env: Env, name: string): boolean {
  const value = env[name]?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false`);
}

/**
 * Which proxies to believe about the client's address and protocol: their addresses or CIDR
 * ranges (comma-separated), or how many hops of proxies stand in front. Never "true": believing
 * every X-Forwarded-For would let any client pick its own address, and with it a fresh rate limit.
 */
function readTrustProxy(text: string | undefined): false | number | string {
  const value = text?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      "TRUST_PROXY=true would let any client choose its address: give the proxies' addresses " +
        'or CIDR ranges (10.0.0.0/8,127.0.0.1), or their number of hops (1)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A secret of at least 32 characters (about 190 bits when random), or undefined when unset. */
function readSecret(env: Env, name: string): string | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (text.length < 32) throw new Error(`${name} must be at least 32 characters long`);
  return text;
}

function readTimeZone(text: string | undefined): string {
  const name = text?.trim() || configDefaults.timeZone;
  if (!isTimeZone(name)) {
    throw new Error(
      `TIME_ZONE must be an IANA time zone name such as Europe/Helsinki, got "${name}"`,
    );
  }
  return name;
}

function readInstitutionKind(text: string | undefined): InstitutionKind {
  const value = text?.trim() || configDefaults.institutionKind;
  if (!(institutionKinds as readonly string[]).includes(value)) {
    throw new Error(
      `INSTITUTION_KIND must be one of ${institutionKinds.join(', ')}, got "${value}"`,
    );
  }
  return value as InstitutionKind;
}

function readGitCommit(text: string | undefined): string | undefined {
  const commit = text?.trim().toLowerCase() || undefined;
  if (commit && !commitFormat.test(commit)) {
    throw new Error(
      `GIT_COMMIT must be a commit's name in hex (git rev-parse HEAD), got "${text}"`,
    );
  }
  return commit;
}

function readRedisUrl(text: string | undefined): string | undefined {
  const url = text?.trim() || undefined;
  if (url && !/^rediss?:\/\//.test(url))
    throw new Error('REDIS_URL must start with redis:// or rediss://');
  return url;
}

function readSmtpUrl(text: string | undefined): string | undefined {
  const url = text?.trim() || undefined;
  if (url && !/^smtps?:\/\//.test(url))
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return url;
}

/** The part of the configuration the SPA is given (in the page it is served). */
export function appConfigOf(config: AppConfig): AppConfig {
  const keys = Object.keys(configDefaults) as (keyof AppConfig)[];
  return Object.fromEntries(keys.map((key) => [key, config[key]])) as AppConfig;
}
