/**
 * The applicant's API under /my/api/ (issue 34): a link's token exchanged for a session, the
 * birthday asked before the fields are shown, a correction by the form's rules, the answer to the
 * office's information request (issue 44), the Art. 15
 * download, the withdrawal, and "send me my link again". Every read of the registration is in the
 * audit log (the reference, never a value); a withdrawal is recorded as the staff's erase is, the
 * reference as a keyed hash.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiError } from '../errors';
import { versionOfRequest, rulesBrokenAnswer } from '../versionedChange';
import { recordSecurityEvent } from '../logging';
import { recordAudit } from '../operations/auditLog';
import { eraseApplicant, type OperationsContext } from '../operations/operations';
import { applicantApiSchemas as schemas } from '../../src/contract/applicantApiSchemas';
import { applicantPagePath, applicantSessionCookieName } from '../../src/contract/applicantPaths';
import { degreePrograms } from '../../src/contract/fields';
import { ifMatchOf } from '../../src/contract/processing';
import { parseBirthday } from '../../src/contract/birthday';
import { createRegistrationSchema } from '../../src/contract/registrationSchema';
import { applicantActor } from '../console/history';
import { changeRegistration, describeChanges } from '../console/registrationChanges';
import { queueUpdatedMail, queueWithdrawnMail } from '../mail/applicantMail';
import { readApplicantData } from './applicantData';
import { recordWithdrawal } from '../console/withdrawals';
import {
  findOpenLink,
  languageOfLink,
  returnBirthdayTry,
  takeBirthdayTry,
  type LinkSettings,
} from './applicantLinks';
import {
  correctableStates,
  readOwnRegistration,
  unverifiedView,
  verifiedView,
} from './applicantRegistration';
import type { ApplicantSession, ApplicantSessions } from './applicantSessions';
import { lockMailboxes, takeMailboxSends } from '../mail/mailboxCap';
import { countCorrection, CorrectionsUsedUp } from './corrections';
import { requestLinks } from './linkRequests';
import { answerOpenRequest, openRequestOf, RequestClosed } from './requestAnswers';
import type { AnswerBody } from '../../src/contract/applicantApiSchemas';

export interface ApplicantRoutesOptions {
  operations: OperationsContext;
  sessions: ApplicantSessions;
  /** EMAIL_DOMAIN: a corrected email is checked against it as the form checks it. */
  emailDomain: string;
  /** APPLICANT_CORRECTIONS_PER_DAY: corrections of one registration in a day. */
  correctionsPerDay: number;
  /** REQUEST_ANSWER_STAFF_EMAILS: an answer to a request is emailed to the assignee. */
  answerEmailsToStaff: boolean;
  /** Unset without PUBLIC_URL: no link can be sent. */
  links?: LinkSettings;
  /** The session cookie is Secure when PUBLIC_URL is https. */
  secureCookie: boolean;
  now: () => Date;
  /** The limit per client on new links, besides the API's own; none when limits are off. */
  linkRequestLimit?: { max: number; timeWindow: number };
}

/** Who the audit log names for what the applicant does through their link. */
export const applicantAuditActor = 'the applicant (own link)';

/** The applicant corrects within the programmes of the form, all of them. */
const applicantAccess = { subject: applicantActor, admin: false, programmes: [...degreePrograms] };

export const applicantRoutes: FastifyPluginAsyncTypebox<ApplicantRoutesOptions> = async (
  app,
  {
    operations,
    sessions,
    emailDomain,
    correctionsPerDay,
    answerEmailsToStaff,
    links,
    secureCookie,
    now,
    linkRequestLimit,
  },
) => {
  const { database, secret } = operations;
  const registrationSchema = createRegistrationSchema(emailDomain);
  const cookieOptions = {
    path: applicantPagePath,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookie,
  };

  const audit = (command: string, rowCount: number, details: string) =>
    recordAudit(database, { command, rowCount, actor: applicantAuditActor, details });

  /** The request's session, and its token; 401 when it has none or it has ended. */
  async function sessionOf(request: FastifyRequest) {
    const token = request.cookies[applicantSessionCookieName];
    const session = token === undefined ? undefined : await sessions.find(token);
    if (!token || !session) {
      throw app.httpErrors.unauthorized('No session, or one that has ended: open the link again');
    }
    return { token, session };
  }

  /** The session, once the birthday has been given; 403 before. */
  async function verifiedSessionOf(request: FastifyRequest): Promise<ApplicantSession> {
    const { session } = await sessionOf(request);
    if (!session.verified) throw app.httpErrors.forbidden('Give the birthday first');
    return session;
  }

  /** The session's registration; 401 once it is gone (its link and sessions go with it). */
  async function ownRegistration(session: ApplicantSession) {
    const registration = await readOwnRegistration(database, session.registrationId);
    if (!registration) throw app.httpErrors.unauthorized('The registration is gone');
    return registration;
  }

  const details = (registration: { id: number; reference: string }) =>
    `id=${registration.id} reference=${registration.reference}`;

  app.post('/session', { schema: schemas.createSession }, async (request, reply) => {
    const link = await findOpenLink(database, request.body.token, now());
    if (!link) {
      const language = await languageOfLink(database, request.body.token);
      return reply
        .code(404)
        .send({ ...apiError(404, 'No such link: ask for a new one'), language });
    }
    const token = await sessions.start(link.id);
    return reply.setCookie(applicantSessionCookieName, token, cookieOptions).code(204).send(null);
  });

  // Signing out on a shared device: the session ends here, not only its cookie in the browser.
  app.delete('/session', { schema: schemas.endSession }, async (request, reply) => {
    const token = request.cookies[applicantSessionCookieName];
    if (token) await sessions.end(token);
    return reply.clearCookie(applicantSessionCookieName, cookieOptions).code(204).send(null);
  });

  app.post('/verify', { schema: schemas.verify }, async (request, reply) => {
    const { token, session } = await sessionOf(request);
    const locked = () =>
      reply.code(423).send(apiError(423, 'The link is locked: ask for a new one'));
    const registration = await ownRegistration(session);
    // An answer that names no date is no guess of one: it costs no try, and says how to write it.
    const typed = parseBirthday(request.body.birthday);
    if (typed === undefined) {
      return reply.code(422).send(apiError(422, 'Not a date: write it as dd.mm.yyyy'));
    }
    // The try is taken before the comparison, in the statement that checks one is left: a burst
    // of requests that all read the session unlocked still compares at most birthdayTries.
    const triesLeft = await takeBirthdayTry(database, session.linkId);
    if (triesLeft === undefined) return locked();
    // Compared as dates: 17.3.1999 and 1999-03-17 are the 17.03.1999 stored.
    if (typed === parseBirthday(registration.fields.birthday)) {
      await sessions.markVerified(token);
      await returnBirthdayTry(database, session.linkId);
      return reply.code(204).send(null);
    }
    if (triesLeft === 0) {
      recordSecurityEvent(request, 'applicant-link-locked');
      return locked();
    }
    return reply.code(403).send({ ...apiError(403, 'That is not the birthday'), triesLeft });
  });

  app.get('/registration', { schema: schemas.registration }, async (request, reply) => {
    const { session } = await sessionOf(request);
    const registration = await ownRegistration(session);
    if (!session.verified) {
      await audit('applicant-summary', 1, details(registration));
      return unverifiedView(registration);
    }
    await audit('applicant-open', 1, details(registration));
    return sendVerified(reply, session);
  });

  /** The registration as the applicant reads it after the birthday, its version as its ETag. */
  async function sendVerified(reply: FastifyReply, session: ApplicantSession) {
    const registration = await ownRegistration(session);
    const request = await openRequestOf(database, registration.id);
    return reply
      .header('etag', ifMatchOf(registration.version))
      .send(verifiedView(registration, request));
  }

  /**
   * A correction of `fields`, or the answer to request `requestId` (the fields corrected, or none:
   * confirmed as they are), on the version the applicant read. An answer moves the registration
   * back "in progress", its assignee kept; a correction counts against the day's and mails its
   * notice.
   */
  async function correctOrAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    { fields, requestId }: { fields?: AnswerBody['fields']; requestId?: number },
  ) {
    const session = await verifiedSessionOf(request);
    const version = versionOfRequest(request);
    const id = session.registrationId;
    const answering = requestId !== undefined;
    // The address before the correction: told of it too, should the correction change it.
    const before = await ownRegistration(session);
    const result = await changeRegistration(database, registrationSchema, {
      id,
      version,
      change: { fields, ...(answering && { state: 'in-progress' as const }) },
      person: applicantAccess,
      onlyInStates: correctableStates,
      afterChange: async (tx, changes) => {
        if (answering) await answerOpenRequest(tx, id, requestId, answerEmailsToStaff);
        const corrected = changes.flatMap((made) =>
          made.type === 'correction' ? [made.field] : [],
        );
        if (corrected.length === 0) return;
        await countCorrection(tx, id, correctionsPerDay);
        const [{ email }] = await tx.query<{ email: string }>(
          'SELECT email FROM registrations WHERE id = $1',
          [id],
        );
        const moved = email.toLowerCase() !== before.fields.email.toLowerCase();
        const addresses = moved ? [email, before.fields.email] : [email];
        // Each notice within its mailbox's cap of emails a day, as confirmations and links are.
        await lockMailboxes(tx, addresses);
        for (const address of addresses) {
          if ((await takeMailboxSends(tx, secret, address, 1)) === 0) continue;
          await queueUpdatedMail(tx, id, corrected, address === email ? undefined : address);
        }
      },
    }).catch((error: unknown) => {
      if (error instanceof CorrectionsUsedUp) return { outcome: 'used-up' as const };
      if (error instanceof RequestClosed) return { outcome: 'request-closed' as const };
      if ((error as { code?: string }).code !== '23505') throw error;
      throw app.httpErrors.unprocessableEntity('Another registration holds exactly these values');
    });
    const requestClosed = () =>
      reply.code(409).send({
        ...apiError(409, 'The office withdrew or replaced its request meanwhile'),
        requestClosed: true,
      });
    // The office's withdrawal moved it on first: that, not the version, is what the answer meets.
    const closedMeanwhile = async () =>
      answering &&
      (await openRequestOf(database, id).then((open) => open === null || open.id !== requestId));
    switch (result.outcome) {
      case 'not-visible':
        throw app.httpErrors.unauthorized('The registration is gone');
      case 'request-closed':
        return requestClosed();
      case 'stale':
        if (await closedMeanwhile()) return requestClosed();
        return reply.code(412).send({
          ...apiError(412, 'Changed by the admissions office since you read it: reload it'),
          version: result.version,
        });
      case 'invalid':
        return reply.code(422).send(rulesBrokenAnswer(result));
      case 'used-up':
        return reply
          .code(429)
          .send(
            apiError(429, "Today's corrections of this registration are used up: try tomorrow"),
          );
      case 'state-forbids':
      case 'not-assignable':
        if (await closedMeanwhile()) return requestClosed();
        return reply.code(409).send({
          ...apiError(409, 'It can no longer be corrected here: write to the office'),
          requestClosed: false,
        });
      case 'changed': {
        const changed = result.changes.length > 0;
        const summary = describeChanges(result.changes) || 'unchanged';
        await audit(
          answering ? 'applicant-answer' : 'applicant-change',
          changed ? 1 : 0,
          `id=${id} reference=${result.reference} ${answering ? `request=${requestId} ` : ''}${summary}`,
        );
        if (changed) request.server.outbox.wake();
        return sendVerified(reply, session);
      }
    }
  }

  app.patch('/registration', { schema: schemas.correctRegistration }, (request, reply) =>
    correctOrAnswer(request, reply, { fields: request.body.fields }),
  );

  app.post('/registration/answer', { schema: schemas.answerRequest }, (request, reply) =>
    correctOrAnswer(request, reply, request.body),
  );

  // What is stored about the registration that is the applicant's (GDPR Art. 15), as a file: not
  // the staff's download, which names staff members, tokens and other registrations.
  app.get('/registration/data', { schema: schemas.registrationData }, async (request, reply) => {
    const session = await verifiedSessionOf(request);
    const data = await readApplicantData(database, session.registrationId);
    if (!data) throw app.httpErrors.unauthorized('The registration is gone');
    await audit(
      'applicant-download',
      1,
      details({ id: session.registrationId, reference: data.reference }),
    );
    return reply
      .header('content-disposition', `attachment; filename="registration-${data.reference}.json"`)
      .send(data);
  });

  // Withdrawal (GDPR Art. 17): erased exactly as the staff erase, then a notice to the address.
  app.delete('/registration', { schema: schemas.withdraw }, async (request, reply) => {
    const session = await verifiedSessionOf(request);
    const registration = await ownRegistration(session);
    const erased = await eraseApplicant(
      operations,
      { reference: registration.reference },
      applicantAuditActor,
      { command: 'withdraw' },
      // Its assignee is told that it was withdrawn, and when, with nothing of the applicant's.
      (tx) => recordWithdrawal(tx, registration.reference),
    );
    if (erased > 0) {
      // Within the mailbox's cap of emails a day too: a registration made, moved to someone
      // else's address and withdrawn, again and again, would otherwise mail them without end.
      const address = registration.fields.email;
      await database.transaction(async (tx) => {
        await lockMailboxes(tx, [address]);
        if ((await takeMailboxSends(tx, secret, address, 1)) === 0) return;
        await queueWithdrawnMail(tx, {
          address,
          language: registration.language,
          reference: registration.reference,
          degreeProgram: registration.fields.degreeProgram,
          firstName: registration.fields.firstName,
        });
      });
      request.server.outbox.wake();
    }
    return reply.clearCookie(applicantSessionCookieName, cookieOptions).code(204).send(null);
  });

  app.post(
    '/links',
    { schema: schemas.requestLinks, config: linkRequestLimit && { rateLimit: linkRequestLimit } },
    async (request, reply) => {
      if (links) await requestLinks(database, request.body.email, links, now());
      request.server.outbox.wake();
      return reply.code(202).send(null);
    },
  );
};
