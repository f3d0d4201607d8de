/**
 * Where confirmations go: an SMTP server (SMTP_URL) through nodemailer, or, by default, one .eml
 * file per message in DATA_DIR/mail, readable by the server's user alone, to open in any mail
 * program and see exactly what would have been sent.
 */
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { confirmationFile, mailDirOf } from './confirmationFiles';

export interface MailTransport {
  /** What the start-up log says about where mail goes. */
  readonly description: string;
  /** Resolves once the message is accepted; written to DATA_DIR, it is named by `registrationId`. */
  send(message: Mail.Options, registrationId: number): Promise<void>;
  close(): void;
}

/** A mail server that does not answer must not hold a message for long: it is retried later. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(smtpUrl: string | undefined, dataDir: string): MailTransport {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts });
    return {
      description: `SMTP server ${new URL(smtpUrl).host}`,
      send: async (message) => void (await transport.sendMail(message)),
      close: () => transport.close(),
    };
  }
  const mailDir = mailDirOf(dataDir);
  fs.mkdirSync(mailDir, { recursive: true, mode: 0o700 });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `.eml files in ${mailDir} (SMTP_URL is not set)`,
    async send(message, registrationId) {
      const file = confirmationFile(mailDir, registrationId);
      const { message: eml } = await transport.sendMail(message);
      // Asynchronously: creating the file is left to libuv's threads, not the requests' thread.
      await fs.promises.writeFile(file, eml as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
