/**
 * Who did what in the audit log, as the console shows it: a staff member by the name and email of
 * their last sign-in (the log keeps the subject and provider they signed in with), the applicants
 * and the API's tokens by what they are; anyone else (a command's operating-system user) as
 * recorded. Read back from the texts auditActor, applicantAuditActor and tokenActor write.
 */
import type { Queryable } from '../db/database';
import { applicantAuditActor } from '../applicant/applicantRoutes';
import type { AuditRecord } from '../operations/auditLog';

type By =
  | { kind: 'staff'; name?: string; email?: string }
  | { kind: 'applicant' }
  | { kind: 'token'; name: string }
  | { kind: 'other' };

// `email (sso subject at issuer)` or `sso subject at issuer` (auditActor in signIn.ts).
const staffActor = /^(?:(?<email>.+) \()?sso (?<subject>.+?) at \S+?(?<closed>\))?$/;
// `api token "name" (#id)` (tokenActor in apiTokens.ts).
const tokenActor = /^api token (?<name>".*") \(#\d+\)$/;

/** The text within an actor that names the staff member `subject`, whatever their email. */
export const staffActorPart = (subject: string) => `sso ${subject} at `;

const subjectOf = (actor: string) => {
  const found = staffActor.exec(actor)?.groups;
  // An email's parenthesis closes; none opened, none closes.
  return found && Boolean(found.email) === Boolean(found.closed) ? found : undefined;
};

/** The records with who did each, the staff by their names as known. */
export async function withActorsNamed(db: Queryable, records: AuditRecord[]) {
  const subjects = [
    ...new Set(records.flatMap((record) => subjectOf(record.actor)?.subject ?? [])),
  ];
  const known = new Map(
    subjects.length === 0
      ? []
      : (
          await db.query<{ subject: string; name: string; email: string }>(
            'SELECT subject, name, email FROM staff_members WHERE subject = ANY($1)',
            [subjects],
          )
        ).map((row) => [row.subject, row]),
  );
  return records.map((record) => ({ ...record, by: byOf(record.actor, known) }));
}

function byOf(actor: string, known: Map<string, { name: string; email: string }>): By {
  if (actor === applicantAuditActor) return { kind: 'applicant' };
  const token = tokenActor.exec(actor)?.groups;
  if (token) return { kind: 'token', name: JSON.parse(token.name) as string };
  const staff = subjectOf(actor);
  if (!staff) return { kind: 'other' };
  const member = known.get(staff.subject);
  const email = member?.email || staff.email;
  return { kind: 'staff', ...(member && { name: member.name }), ...(email && { email }) };
}
