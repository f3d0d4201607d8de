/**
 * The information requests' reminders (server/mail/requestReminders.ts), queued by the server
 * itself: when app.startWork() starts it, then every few minutes until the app closes, the outbox
 * woken to send them. `app.requestReminders.run()` queues what is due at once (tests).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { queueDueReminders } from '../mail/requestReminders';
import { dayIn } from '../timeZone';

declare module 'fastify' {
  interface FastifyInstance {
    requestReminders: { start(): Promise<void>; run(): Promise<number> };
  }
}

export interface RequestRemindersOptions {
  /** REQUEST_REMINDER_DAYS; 0: none. */
  days: number;
  now: () => Date;
}

/** Often enough that a reminder leaves on its morning; the statement is an index's range. */
const intervalMs = 10 * 60 * 1000;

const requestReminders: FastifyPluginAsync<RequestRemindersOptions> = async (app, options) => {
  const { database, timeZone } = app.operations;
  const run = async () => {
    const today = dayIn(options.now(), timeZone);
    const queued = await queueDueReminders(database, { days: options.days, today, timeZone });
    if (queued > 0) app.outbox.wake();
    return queued;
  };
  const runLogged = async () => {
    try {
      const queued = await run();
      if (queued > 0) app.log.info({ queued }, 'information request reminders queued');
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      app.log.error({ errorName: name, errorCode: code }, 'information request reminders failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.decorate('requestReminders', {
    async start() {
      await runLogged();
      timer = setInterval(() => void runLogged(), intervalMs).unref();
    },
    run,
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

export const requestRemindersPlugin = fp(requestReminders, {
  name: 'request-reminders',
  decorators: { fastify: ['operations', 'outbox'] },
});
