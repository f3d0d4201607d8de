/**
 * The staff known from their sign-ins (staff_members): whom a registration may be
 * assigned to, and the names its notes and history show once their sessions have gone. Each
 * sign-in brings their name and access up to date.
 */
import type { Queryable } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import type { StaffAccess } from './access';
import type { StaffPerson } from './sessions';

/** Records the person as this sign-in names them, at `at`. */
export async function recordStaffMember(
  db: Queryable,
  person: StaffPerson & StaffAccess,
  at: Date,
) {
  await db.query(
    `INSERT INTO staff_members (subject, name, email, admin, programmes, last_sign_in_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (subject) DO UPDATE SET name = excluded.name, email = excluded.email,
       admin = excluded.admin, programmes = excluded.programmes,
       last_sign_in_at = excluded.last_sign_in_at`,
    [person.subject, person.name, person.email, person.admin, person.programmes, at],
  );
}

interface MemberRow {
  subject: string;
  name: string;
  admin: boolean;
  programmes: DegreeProgram[];
}

/** Who may be assigned registrations of `programmes`, by name, each with those of them they have. */
export async function assignableStaff(db: Queryable, programmes: readonly DegreeProgram[]) {
  const rows = await db.query<MemberRow>(
    `SELECT subject, name, admin, programmes FROM staff_members
     WHERE admin OR programmes && $1::text[] ORDER BY name, subject`,
    [programmes],
  );
  return rows.map(({ subject, name, admin, programmes: theirs }) => ({
    subject,
    name,
    programmes: admin ? [...programmes] : programmes.filter((code) => theirs.includes(code)),
  }));
}

/** Whose registrations `subject` may be assigned; undefined when nobody by it has signed in. */
export async function accessOfStaffMember(
  db: Queryable,
  subject: string,
): Promise<StaffAccess | undefined> {
  const [row] = await db.query<MemberRow>(
    'SELECT subject, name, admin, programmes FROM staff_members WHERE subject = $1',
    [subject],
  );
  return row && { admin: row.admin, programmes: row.programmes };
}
