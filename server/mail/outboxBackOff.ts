/**
 * Backing off after a failure to send: a message that failed waits its own growing delay, and a
 * relay that refuses for now or does not answer is left alone for a growing pause.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describeMailFailure } from './mailFailure';

/**
 * 5 s after the first failure, then doubling up to 10 minutes: a message's retries, and the
 * queue's pauses while the relay refuses.
 */
const retryDelaySeconds = (failures: number) => Math.min(5 * 2 ** (failures - 1), 600);

export interface RelayPause {
  /** A failed message's own delay before its next attempt, on the schedule above (scaled). */
  retryInSeconds(failures: number): number;
  /** How long the relay is still left alone; 0: messages may go. */
  msLeft(): number;
  /** The relay refused for now or did not answer: a pause, longer after each in a row. */
  refused(error: unknown): void;
  /** The relay took a message: the next refusal starts from the first pause again. */
  answered(): void;
}

/** `retryScale` multiplies the schedule: tests make seconds milliseconds. */
export function createRelayPause(log: FastifyBaseLogger, retryScale = 1): RelayPause {
  /** Date.now() until which nothing is handed to the relay. */
  let pausedUntil = 0;
  let refusalsInRow = 0;
  const retryInSeconds = (failures: number) => retryDelaySeconds(failures) * retryScale;
  return {
    retryInSeconds,
    msLeft: () => Math.max(0, pausedUntil - Date.now()),
    refused(error) {
      // The messages in flight beside the refused one are refused with it: one pause for them all.
      if (Date.now() < pausedUntil) return;
      refusalsInRow += 1;
      const pauseSeconds = retryInSeconds(refusalsInRow);
      pausedUntil = Date.now() + pauseSeconds * 1000;
      log.warn(
        { ...describeMailFailure(error), pauseSeconds },
        'the mail server refuses for now or does not answer; the confirmations wait for it',
      );
    },
    answered() {
      refusalsInRow = 0;
    },
  };
}
