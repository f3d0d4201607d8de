/**
 * Sends a claimed batch over the transport's connections in parallel. A message that cannot be
 * composed, or that the relay refuses for good (5xx), fails alone and waits its own growing delay;
 * a temporary refusal (4xx) or a relay that does not answer pauses the whole queue instead, as
 * more messages would only be refused too, and the ones not yet handed over are given back.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import type { ApplicantLinkIssuer } from '../applicant/applicantLinks';
import type { ApplicantLink } from './applicantLinkParts';
import { toStoredRegistration } from '../db/registrations';
import { composeConfirmation, type Institution } from './confirmationEmail';
import { describeMailFailure } from './mailFailure';
import type { MailTransport } from './mailTransport';
import type { RelayPause } from './outboxBackOff';
import { giveBack, retryLater, type ClaimedRow } from './outboxTable';

export interface OutboxCounters {
  sent(): void;
  failed(): void;
}

export interface OutboxDeliveryOptions {
  database: Queryable;
  transport: MailTransport;
  institution: Institution & { mailFrom: string };
  counters: OutboxCounters;
  log: FastifyBaseLogger;
  relay: RelayPause;
  /** With PUBLIC_URL: each confirmation carries the applicant's own link. */
  links?: ApplicantLinkIssuer;
}

/**
 * Returns deliverBatch(rows, sent): sends the claimed `rows`, as many at once as the transport
 * takes, adding the ones that went to `sent`. While the relay is paused nothing more is handed to
 * it: the rest are given back.
 */
export function createOutboxDelivery(options: OutboxDeliveryOptions) {
  const { database, transport, institution, counters, log, relay, links } = options;

  /** The message's own failure: it is tried again after its own growing delay. */
  async function failMessage(row: ClaimedRow, error: unknown) {
    const retryInSeconds = relay.retryInSeconds(row.outbox_attempts);
    await retryLater(database, row.outbox_id, retryInSeconds);
    counters.failed();
    log.warn(
      { ...describeMailFailure(error), attempts: row.outbox_attempts, retryInSeconds },
      'a confirmation email could not be sent; it stays queued',
    );
  }

  /** Whether the message went; one that failed waits its own delay. */
  async function deliver(row: ClaimedRow, link: ApplicantLink | undefined): Promise<boolean> {
    try {
      const registration = toStoredRegistration(row);
      const { subject, text, html } = composeConfirmation(registration, institution, link);
      await transport.send(
        {
          from: { name: institution.name, address: institution.mailFrom },
          replyTo: institution.contactEmail,
          to: registration.email,
          subject,
          text,
          html,
        },
        row.id,
      );
    } catch (error) {
      // Refused for now, it still waits its own delay too: a relay that refuses one recipient
      // for ever then holds the queue up for a first pause at each try, not for ever longer ones.
      if (transport.isRelayUnavailable(error)) relay.refused(error);
      await failMessage(row, error);
      return false;
    }
    relay.answered();
    counters.sent();
    return true;
  }

  /**
   * The batch's links, in one statement. Should it fail (a registration erased meanwhile, whose
   * message went with it), nothing was sent: the batch is given back to be claimed again at once.
   */
  async function linksOfBatch(rows: ClaimedRow[]) {
    if (!links || rows.length === 0) return undefined;
    try {
      // A link made since the registration (a request's, say) is kept: its email needs it.
      return await links.carry(
        rows.map((row) => ({ registrationId: row.id, since: new Date(row.created_at) })),
      );
    } catch (error) {
      await giveBack(
        database,
        rows.map((row) => row.outbox_id),
        0,
      );
      throw error;
    }
  }

  return async function deliverBatch(rows: ClaimedRow[], sent: number[]): Promise<void> {
    const issued = await linksOfBatch(rows);
    const waiting = [...rows];
    async function work() {
      for (let row; relay.msLeft() === 0 && (row = waiting.shift());) {
        if (await deliver(row, issued?.get(row.id))) sent.push(row.outbox_id);
      }
    }
    const workers = Array.from({ length: transport.maxInFlight }, work);
    // Every worker finishes before a failure is passed on, so that no message sent goes unrecorded.
    const failure = (await Promise.allSettled(workers)).find(
      (result) => result.status === 'rejected',
    );
    if (waiting.length > 0) {
      const pauseLeftSeconds = relay.msLeft() / 1000;
      await giveBack(
        database,
        waiting.map((row) => row.outbox_id),
        pauseLeftSeconds,
      );
    }
    if (failure) throw failure.reason;
  };
}
