/**
 * An SMTP server on 127.0.0.1 that accepts everything and notes when and to whom, without parsing
 * the messages (but those to the few recipients asked for): the relay of the benchmarks and the
 * upgrade check, which count thousands.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `keep`: the recipients whose messages are also parsed and kept, for a test to read. */
export async function startSmtpRelay({
  keep = () => false,
}: { keep?: (to: string) => boolean } = {}) {
  const arrivals: number[] = [];
  const recipients = new Map<string, number>();
  const kept: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const addresses = session.envelope.rcptTo.map(({ address }) => address);
      const count = () => {
        arrivals.push(performance.now());
        for (const address of addresses)
          recipients.set(address, (recipients.get(address) ?? 0) + 1);
        callback();
      };
      if (!addresses.some(keep)) {
        stream.resume();
        stream.on('end', count);
        return;
      }
      simpleParser(stream).then((message) => {
        kept.push(message);
        count();
      }, callback);
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
    /** The messages to the recipients `keep` names, parsed, in order. */
    kept,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
