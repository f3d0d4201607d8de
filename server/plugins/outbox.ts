/**
 * The outbox's sender as `app.outbox`: the confirmations queued with their registrations, and the
 * applicant's other mail, go to SMTP_URL's relay, or to DATA_DIR/mail. It starts with app.startWork() and stops with the app,
 * once the messages being sent have gone.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Institution } from '../mail/confirmationEmail';
import { createMailTransport } from '../mail/mailTransport';
import { createOutboxMetrics } from '../mail/outboxMetrics';
import { createOutboxSender, type OutboxSender } from '../mail/outboxSender';
import type { ApplicantLinkIssuer } from '../applicant/applicantLinks';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxSender;
  }
}

export interface OutboxPluginOptions {
  /** Unset: each message is written to DATA_DIR/mail. */
  smtpUrl?: string;
  dataDir: string;
  institution: Institution & { mailFrom: string };
  /** SMTP_MAX_PER_MINUTE; unset: as fast as the relay takes them. */
  maxPerMinute?: number;
  /** With PUBLIC_URL: the applicants' links, which the confirmations carry. */
  links?: ApplicantLinkIssuer;
  /** Tests: how often to look for due messages, and the retry schedule made shorter. */
  timing?: { pollMs: number; retryScale: number };
}

const outbox: FastifyPluginAsync<OutboxPluginOptions> = async (app, options) => {
  const sender = createOutboxSender({
    database: app.database,
    transport: createMailTransport(options.smtpUrl, options.dataDir),
    institution: options.institution,
    counters: createOutboxMetrics(app.metrics.registry, app.database),
    log: app.log,
    maxPerMinute: options.maxPerMinute,
    links: options.links,
    ...options.timing,
  });
  app.decorate('outbox', sender);
  app.addHook('onClose', () => sender.stop());
};

export const outboxPlugin = fp(outbox, { name: 'outbox', dependencies: ['database', 'metrics'] });
