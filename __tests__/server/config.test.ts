/** @jest-environment node */
import path from 'node:path';
import { readConfig } from '../../server/config';
import { startupFailureLine } from '../../server/startupError';
import { configDefaults } from '../../src/contract/configDefaults';

describe('configuration from the environment', () => {
  it('has defaults for everything', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      rateLimitPerMinute: 60,
      emailDomain: configDefaults.emailDomain,
      logLevel: 'info',
      trustProxy: false,
      staticDir: path.resolve('dist'),
      graphqlIntrospection: false,
      xsrfSecret: undefined,
      redisUrl: undefined,
      webhookAllowedHosts: [],
      retentionDays: configDefaults.retentionDays,
      metricsPort: 9464,
      institutionName: configDefaults.institutionName,
      contactEmail: configDefaults.contactEmail,
      institutionKind: 'university',
      dpoEmail: '',
      mailFrom: configDefaults.contactEmail,
      smtpUrl: undefined,
      smtpMaxPerMinute: undefined,
      confirmationsPerHour: 1000,
      applicantCorrectionsPerDay: 10,
      requestReminderDays: 2,
      requestAnswerEmailsToStaff: false,
      institutionUrl: configDefaults.institutionUrl,
      externalSiteUrl: configDefaults.externalSiteUrl,
      graphqlUrl: configDefaults.graphqlUrl,
      timeZone: 'Europe/Helsinki',
      // Mail as files is read at this machine: its links point here.
      publicUrl: new URL('http://localhost:8080'),
      applicantLinkDays: 30,
      languages: ['sv', 'en'],
    });
  });

  it("links to this machine only while mail is written to files, on the server's port", () => {
    expect(readConfig({ PORT: '3000' }).publicUrl).toEqual(new URL('http://localhost:3000'));
    expect(readConfig({ PORT: '0' }).publicUrl).toBeUndefined();
    expect(readConfig({ SMTP_URL: 'smtp://mail.uni.example' }).publicUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/registration',
      DATABASE_URL: 'postgres://app@db/registrations',
      RATE_LIMIT_PER_MINUTE: '0',
      EMAIL_DOMAIN: 'uni.example',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      STATIC_DIR: '/srv/spa',
      NODE_ENV: 'development',
      XSRF_SECRET: 'x'.repeat(32),
      REDIS_URL: 'redis://cache:6379',
      WEBHOOK_ALLOWED_HOSTS: ' SIS.campus.example , 10.2.3.4',
      RETENTION_DAYS: '0',
      METRICS_PORT: '9100',
      INSTITUTION_NAME: 'Exempeluniversitetet',
      CONTACT_EMAIL: 'antagning@uni.example',
      SMTP_URL: 'smtp://user:pass@mail.uni.example:587',
      MAIL_FROM: 'no-reply@uni.example',
      SMTP_MAX_PER_MINUTE: '30',
      CONFIRMATIONS_PER_HOUR: '250',
      APPLICANT_CORRECTIONS_PER_DAY: '4',
      REQUEST_REMINDER_DAYS: '3',
      REQUEST_ANSWER_STAFF_EMAILS: 'true',
      GIT_COMMIT: '0123456789abcdef0123456789abcdef01234567',
      INSTITUTION_URL: 'https://www.uni.example/',
      EXTERNAL_SITE_URL: 'https://antagning.uni.example/',
      GRAPHQL_URL: '/api/graphql',
      TIME_ZONE: 'Europe/Stockholm',
      INSTITUTION_KIND: 'uas',
      DPO_EMAIL: 'dataskydd@uni.example',
      PUBLIC_URL: 'https://anmalan.uni.example/',
      APPLICANT_LINK_DAYS: '14',
      LANGUAGES: ' FI, sv,en ',
    });

    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/registration',
      databaseUrl: 'postgres://app@db/registrations',
      rateLimitPerMinute: 0,
      emailDomain: 'uni.example',
      logLevel: 'warn',
      trustProxy: '10.0.0.0/8',
      staticDir: '/srv/spa',
      graphqlIntrospection: true,
      xsrfSecret: 'x'.repeat(32),
      redisUrl: 'redis://cache:6379',
      webhookAllowedHosts: ['sis.campus.example', '10.2.3.4'],
      retentionDays: 0,
      metricsPort: 9100,
      institutionName: 'Exempeluniversitetet',
      contactEmail: 'antagning@uni.example',
      institutionKind: 'uas',
      dpoEmail: 'dataskydd@uni.example',
      smtpUrl: 'smtp://user:pass@mail.uni.example:587',
      mailFrom: 'no-reply@uni.example',
      smtpMaxPerMinute: 30,
      confirmationsPerHour: 250,
      applicantCorrectionsPerDay: 4,
      requestReminderDays: 3,
      requestAnswerEmailsToStaff: true,
      gitCommit: '0123456789abcdef0123456789abcdef01234567',
      institutionUrl: 'https://www.uni.example/',
      externalSiteUrl: 'https://antagning.uni.example/',
      graphqlUrl: '/api/graphql',
      timeZone: 'Europe/Stockholm',
      publicUrl: new URL('https://anmalan.uni.example/'),
      applicantLinkDays: 14,
      languages: ['fi', 'sv', 'en'],
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535'],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE must be an integer'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL must start with postgres://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ RETENTION_DAYS: '-1' }, 'RETENTION_DAYS must be an integer from 0 to 36500'],
    [{ METRICS_PORT: 'x' }, 'METRICS_PORT must be an integer from 0 to 65535'],
    [{ SMTP_URL: 'mail.example:25' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ TIME_ZONE: 'Europe/Helsingfors' }, 'TIME_ZONE must be an IANA time zone name'],
    [{ TIME_ZONE: '+02:00' }, 'TIME_ZONE must be an IANA time zone name'],
    [{ SMTP_MAX_PER_MINUTE: '0' }, 'SMTP_MAX_PER_MINUTE must be an integer from 1 to 1000000'],
    [
      { APPLICANT_CORRECTIONS_PER_DAY: '0' },
      'APPLICANT_CORRECTIONS_PER_DAY must be an integer from 1 to 1000',
    ],
    [{ REQUEST_REMINDER_DAYS: 'two' }, 'REQUEST_REMINDER_DAYS must be an integer from 0 to 60'],
    [{ REQUEST_REMINDER_DAYS: '-1' }, 'REQUEST_REMINDER_DAYS must be an integer from 0 to 60'],
    [{ REQUEST_ANSWER_STAFF_EMAILS: 'yes' }, 'REQUEST_ANSWER_STAFF_EMAILS must be true or false'],
    [
      { CONFIRMATIONS_PER_HOUR: '0' },
      'CONFIRMATIONS_PER_HOUR must be an integer from 1 to 1000000',
    ],
    [{ SMTP_MAX_PER_MINUTE: '30/min' }, 'SMTP_MAX_PER_MINUTE must be an integer from 1 to 1000000'],
    [{ INSTITUTION_KIND: 'college' }, 'INSTITUTION_KIND must be one of university, uas'],
    [{ PUBLIC_URL: 'http://anmalan.uni.example' }, 'PUBLIC_URL must use https'],
    [{ APPLICANT_LINK_DAYS: '0' }, 'APPLICANT_LINK_DAYS must be an integer from 1 to 365'],
  ])('refuses %p', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it.each(['', ' , ', 'fi,de', 'sv,en,sv', 'svenska'])(
    'refuses LANGUAGES=%p in one start-up line that names the setting',
    (LANGUAGES) => {
      let line = '';
      try {
        readConfig({ LANGUAGES });
      } catch (error) {
        line = startupFailureLine(error);
      }
      expect(line).toMatch(/^Cannot start: LANGUAGES must list languages from sv, en, fi/);
      expect(line).not.toContain('\n');
    },
  );

  it('offers one language alone, which is then the default', () => {
    expect(readConfig({ LANGUAGES: 'en' }).languages).toEqual(['en']);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its address', () => {
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would let/);
  });

  it('reads TRUST_PROXY as a number of hops', () => {
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses an XSRF_SECRET shorter than 32 characters', () => {
    expect(() => readConfig({ XSRF_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });
});
