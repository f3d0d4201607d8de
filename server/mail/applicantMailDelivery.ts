/**
 * Sends the applicant's due mail besides the confirmations (applicantMail.ts), one at a time: there
 * is little of it, but for a request to many at once, which SMTP_MAX_PER_MINUTE paces as it paces
 * the confirmations (the same bucket). A message that fails waits its own growing delay; a relay that refuses for now
 * pauses the queue, as for the confirmations. A link mail whose link was replaced meanwhile is
 * dropped: the newer link's mail is queued behind it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import type { ApplicantLinkIssuer } from '../applicant/applicantLinks';
import { composeApplicantEmail } from './applicantEmail';
import { composeAnswerNotice } from './answerNotice';
import {
  claimDueApplicantMail,
  deleteApplicantMail,
  retryApplicantMailLater,
  type ClaimedApplicantMail,
} from './applicantMail';
import type { Institution } from './confirmationEmail';
import { describeMailFailure } from './mailFailure';
import type { MailTransport } from './mailTransport';
import type { RelayPause } from './outboxBackOff';
import type { OutboxPace } from './outboxPace';
import type { OutboxCounters } from './outboxDelivery';

export interface ApplicantMailDeliveryOptions {
  database: Queryable;
  transport: MailTransport;
  institution: Institution & { mailFrom: string };
  counters: OutboxCounters;
  log: FastifyBaseLogger;
  relay: RelayPause;
  links?: ApplicantLinkIssuer;
  /** SMTP_MAX_PER_MINUTE's, shared with the confirmations; undefined: unpaced. */
  pace?: OutboxPace;
}

const batchSize = 20;
const leaseSeconds = 120;

export function createApplicantMailDelivery(options: ApplicantMailDeliveryOptions) {
  const { database, transport, institution, counters, log, relay, links, pace } = options;

  /** The assignee's notice of an answer: without the console's address (PUBLIC_URL) it has none. */
  async function tellAssignee(mail: ClaimedApplicantMail) {
    if (!links || mail.registration_id === null || mail.reference === null) {
      return deleteApplicantMail(database, mail.id);
    }
    const { subject, text, html } = composeAnswerNotice(
      mail.language,
      mail.reference,
      links.consolePage(mail.registration_id),
    );
    await transport.send(
      {
        from: { name: institution.name, address: institution.mailFrom },
        to: mail.address,
        subject,
        text,
        html,
      },
      { kind: mail.kind, mailId: mail.id, registrationId: mail.registration_id },
    );
    await deleteApplicantMail(database, mail.id);
  }

  async function deliver(mail: ClaimedApplicantMail) {
    if (mail.kind === 'request-answered') return tellAssignee(mail);
    // A request and its reminder carry a link made since they were queued, as they leave: one
    // made before is the one they replace, and one made meanwhile (a confirmation's) is kept.
    const link =
      (mail.kind === 'request' || mail.kind === 'request-reminder') && mail.registration_id !== null
        ? (
            await links?.carry([{ registrationId: mail.registration_id, since: mail.queued_at }])
          )?.get(mail.registration_id)
        : mail.link_id === null
          ? undefined
          : await links?.find(mail.link_id);
    if (mail.kind === 'link' && !link) return deleteApplicantMail(database, mail.id);
    const registration = {
      reference: mail.reference,
      degreeProgram: mail.degree_program,
      firstName: mail.first_name,
    };
    const { subject, text, html } = composeApplicantEmail(
      mail.kind,
      mail.language,
      institution,
      registration,
      {
        link,
        request:
          (mail.kind === 'request' || mail.kind === 'request-reminder') &&
          mail.message !== null &&
          mail.deadline !== null
            ? { message: mail.message, deadline: mail.deadline }
            : undefined,
        startPage: mail.kind === 'withdrawn' ? links?.startPage(mail.language) : undefined,
        fields: mail.fields ?? undefined,
      },
    );
    await transport.send(
      {
        from: { name: institution.name, address: institution.mailFrom },
        replyTo: institution.contactEmail,
        to: mail.address,
        subject,
        text,
        html,
      },
      { kind: mail.kind, mailId: mail.id, registrationId: mail.registration_id },
    );
    await deleteApplicantMail(database, mail.id);
  }

  /** Sends what is due now, unless the relay is paused. */
  return async function deliverApplicantMail(): Promise<void> {
    if (relay.msLeft() > 0) return;
    const wanted = pace ? pace.available(batchSize) : batchSize;
    if (wanted === 0) return;
    const claimed = await claimDueApplicantMail(database, wanted, leaseSeconds);
    pace?.take(claimed.length);
    for (const mail of claimed) {
      if (relay.msLeft() > 0) {
        await retryApplicantMailLater(database, mail.id, relay.msLeft() / 1000);
        continue;
      }
      try {
        await deliver(mail);
        relay.answered();
        counters.sent();
      } catch (error) {
        if (transport.isRelayUnavailable(error)) relay.refused(error);
        const retryInSeconds = relay.retryInSeconds(mail.attempts);
        await retryApplicantMailLater(database, mail.id, retryInSeconds);
        counters.failed();
        log.warn(
          { ...describeMailFailure(error), kind: mail.kind, retryInSeconds },
          "an applicant's email could not be sent; it stays queued",
        );
      }
    }
  };
}
