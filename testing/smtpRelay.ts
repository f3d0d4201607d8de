/**
 * An SMTP server on 127.0.0.1 that accepts everything and notes when and to whom, without parsing
 * the messages: the relay of the benchmarks and the upgrade check, which count thousands.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export async function startSmtpRelay() {
  const arrivals: number[] = [];
  const recipients = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        arrivals.push(performance.now());
        for (const { address } of session.envelope.rcptTo) {
          recipients.set(address, (recipients.get(address) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** When each message was accepted (performance.now()). */
    arrivals,
    /** How many messages each recipient was sent. */
    recipients,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
