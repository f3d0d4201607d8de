/**
 * The registrations their applicants withdrew (migration 24), as the staff still need them once
 * every personal value is gone: that it was withdrawn, when, and whose it was, so that its page's
 * old address and its assignee's list say so instead of "not found". Recorded in the withdrawal's
 * own transaction; forgotten with the erasures, after RETENTION_DAYS.
 */
import type { Queryable } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import { personOf } from '../db/processing';
import type { Withdrawal } from '../../src/contract/consoleApiSchemas';
import { withdrawalsListedDays } from '../../src/contract/consoleLimits';

interface WithdrawalRow {
  id: number;
  degree_program: DegreeProgram;
  withdrawn_at: Date;
  assignee: string | null;
  assignee_name: string | null;
}

const selectWithdrawals = `SELECT id, degree_program, withdrawn_at, assignee,
    (SELECT name FROM staff_members WHERE subject = registration_withdrawals.assignee) AS assignee_name
  FROM registration_withdrawals`;

const withdrawalOf = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  degreeProgram: row.degree_program,
  withdrawnAt: row.withdrawn_at.toISOString(),
  assignee: row.assignee === null ? null : personOf(row.assignee, row.assignee_name),
});

/** Records the withdrawal of the registration with `reference`, before it is deleted. */
export async function recordWithdrawal(tx: Queryable, reference: string): Promise<void> {
  await tx.query(
    `INSERT INTO registration_withdrawals (id, degree_program, assignee)
     SELECT id, degree_program, assignee FROM registrations WHERE reference = upper($1)
     ON CONFLICT (id) DO NOTHING`,
    [reference],
  );
}

/** The withdrawal of registration `id`, when it was one of `programmes`. */
export async function findWithdrawal(
  db: Queryable,
  id: number,
  programmes: readonly DegreeProgram[],
): Promise<Withdrawal | undefined> {
  const [row] = await db.query<WithdrawalRow>(
    `${selectWithdrawals} WHERE id = $1 AND degree_program = ANY($2::text[])`,
    [id, programmes],
  );
  return row && withdrawalOf(row);
}

/** Those assigned to `assignee` (within `programmes`) withdrawn in the last days, newest first. */
export async function recentWithdrawals(
  db: Queryable,
  assignee: string,
  programmes: readonly DegreeProgram[],
): Promise<Withdrawal[]> {
  const rows = await db.query<WithdrawalRow>(
    `${selectWithdrawals} WHERE assignee = $1 AND degree_program = ANY($2::text[])
       AND withdrawn_at >= now() - make_interval(days => $3)
     ORDER BY withdrawn_at DESC, id DESC`,
    [assignee, programmes, withdrawalsListedDays],
  );
  return rows.map(withdrawalOf);
}
