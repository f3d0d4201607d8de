/** A real SMTP server (smtp-server) on 127.0.0.1 in the test process, as a relay would answer. */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  url: string;
  /** Every message accepted, in order. */
  messages: ParsedMail[];
  /** When each message was accepted (Date.now()), in the same order. */
  arrivals: number[];
  /** Recipients offered (RCPT TO), accepted or refused: the sender's attempts. */
  attempts: number;
  /** The reply code to refuse a recipient with (4xx: try again later, 5xx: never), or undefined. */
  refuse: (recipient: string) => number | undefined;
  /** How long the server takes to accept a message it has received, as a busy relay may. */
  acceptAfterMs: number;
  close(): Promise<void>;
}

export async function startSmtpServer(port = 0): Promise<Inbox> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      inbox.attempts += 1;
      const code = inbox.refuse(address.address);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`refused with ${code}`), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        async (message) => {
          await sleep(inbox.acceptAfterMs);
          inbox.messages.push(message);
          inbox.arrivals.push(Date.now());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  const inbox: Inbox = {
    url: `smtp://127.0.0.1:${bound}`,
    messages: [],
    arrivals: [],
    attempts: 0,
    refuse: () => undefined,
    acceptAfterMs: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return inbox;
}
