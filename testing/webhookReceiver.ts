/**
 * A webhook receiver on 127.0.0.1 for the tests and the benchmark: it checks each signature with
 * the endpoint's secret through the `standardwebhooks` package (independently of the server's
 * signing), and keeps what it accepted. It can refuse the next requests (an outage), or hold them
 * unanswered (a delivery under way when the server stops).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedEvent {
  webhookId: string;
  /** Whether the receiver answered it 2xx. */
  accepted: boolean;
  /** Date.now() when it arrived. */
  at: number;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  /** Every request, in the order they came. */
  received: ReceivedEvent[];
  /** Requests whose signature did not verify. */
  badSignatures: number;
  /** TCP connections accepted, whether a request came over them or not. */
  connections: number;
  /** The secret to verify with (the one the staff API answered). */
  secret: string;
  /** The next `count` requests are answered 503. */
  failNext(count: number): void;
  /** Requests are held unanswered until release(); resolves when one is held. */
  hold(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let failuresLeft = 0;
  let holding: { arrived: () => void } | undefined;
  const held: http.ServerResponse[] = [];
  const receiver = {
    url: '',
    received: [] as ReceivedEvent[],
    badSignatures: 0,
    connections: 0,
    secret: '',
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const headers = request.headers as Record<string, string>;
      try {
        new Webhook(receiver.secret).verify(body, headers);
      } catch {
        receiver.badSignatures += 1;
        response.writeHead(400).end();
        return;
      }
      if (holding) {
        held.push(response);
        holding.arrived();
        return;
      }
      const accepted = failuresLeft === 0;
      if (!accepted) failuresLeft -= 1;
      receiver.received.push({
        webhookId: headers['webhook-id'],
        accepted,
        at: Date.now(),
        payload: JSON.parse(body),
      });
      response.writeHead(accepted ? 204 : 503).end();
    });
  });
  server.on('connection', () => (receiver.connections += 1));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return Object.assign(receiver, {
    failNext(count: number) {
      failuresLeft = count;
    },
    hold() {
      return new Promise<void>((arrived) => (holding = { arrived }));
    },
    release() {
      holding = undefined;
      for (const response of held.splice(0)) response.destroy();
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
