/**
 * Where confirmations go: an SMTP server (SMTP_URL) through nodemailer, or, by default, one .eml
 * file per message in DATA_DIR/mail, readable by the server's user alone, to open in any mail
 * program and see exactly what would have been sent.
 */
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { mailDirOf, mailFile, type MailFileName } from './confirmationFiles';

export interface MailTransport {
  /** What the start-up log says about where mail goes. */
  readonly description: string;
  /** How many messages it takes at once: the sender hands it no more. */
  readonly maxInFlight: number;
  /** Resolves once the message is accepted; when written to a file, the file `name`. */
  send(message: Mail.Options, name: MailFileName): Promise<void>;
  /**
   * Whether a failure of send() is the relay's rather than the message's: a temporary refusal
   * (4xx: busy, over a sending limit) or no answer at all. Sending more would only be refused too.
   */
  isRelayUnavailable(error: unknown): boolean;
  close(): void;
}

/** A mail server that does not answer must not hold a message for long: it is retried later. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Connections kept open and reused (nodemailer's pool): a new connection and greeting for every
 * message held the sender to about 10 a second. A message spends most of its time waiting on the
 * relay's replies, so several go at once: 10 connections delivered some 250 a second on loopback
 * where 5 gave 170 to 210 (bench:mail, on a busy machine), and are modest for a relay (Postfix
 * accepts 50 from one client by default). Paced by a low SMTP_MAX_PER_MINUTE, messages come one
 * at a time and one connection serves them. Each is renewed after 100 messages, so that none lives for
 * ever.
 */
const smtpPool = { pool: true, maxConnections: 10, maxMessages: 100 } as const;

/** nodemailer's codes for a connection that failed or fell silent, before any reply. */
const unansweredCodes = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

function isRelayUnavailable(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return code !== undefined && unansweredCodes.has(code);
}

export function createMailTransport(smtpUrl: string | undefined, dataDir: string): MailTransport {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts, ...smtpPool });
    return {
      description: `SMTP server ${new URL(smtpUrl).host}`,
      maxInFlight: smtpPool.maxConnections,
      send: async (message) => void (await transport.sendMail(message)),
      isRelayUnavailable,
      close: () => transport.close(),
    };
  }
  const mailDir = mailDirOf(dataDir);
  fs.mkdirSync(mailDir, { recursive: true, mode: 0o700 });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `.eml files in ${mailDir} (SMTP_URL is not set)`,
    maxInFlight: 1,
    async send(message, name) {
      const file = mailFile(mailDir, name);
      const { message: eml } = await transport.sendMail(message);
      // Asynchronously: creating the file is left to libuv's threads, not the requests' thread.
      await fs.promises.writeFile(file, eml as Buffer, { mode: 0o600 });
    },
    isRelayUnavailable: () => false,
    close: () => transport.close(),
  };
}
