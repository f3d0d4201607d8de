/**
 * Setting the state or the assignee of many registrations at once: those the ids name or the
 * filter finds, within the person's access whatever the ids say, in one statement that also
 * writes each one's history and checks that an assignee may have every one of them. Those
 * already so are left as they are.
 */
import type { Database } from '../db/database';
import type { ProcessingState } from '../../src/contract/processing';
import type { DegreeProgram } from '../../src/contract/fields';
import { whereOf, type RegistrationSearch } from './registrationQueries';
import { accessOfStaffMember } from './staffMembers';
import { queueWebhookEvents } from '../webhooks/webhookEvents';

export interface BulkRequest {
  /** Within the person's access (its visibleProgrammes); ids narrow it further. */
  search: RegistrationSearch;
  ids?: readonly number[];
  set: { state?: ProcessingState; assignee?: string | null };
  /** Who changes them (a subject). */
  actor: string;
}

export type BulkOutcome =
  | { outcome: 'updated'; updated: number }
  /** The assignee may not have those of `programmes` (any, when nobody by it has signed in). */
  | { outcome: 'not-assignable'; programmes: DegreeProgram[] };

export function bulkChange(
  db: Database,
  { search, ids, set, actor }: BulkRequest,
): Promise<BulkOutcome> {
  return db.transaction(async (tx): Promise<BulkOutcome> => {
    const { where, params } = whereOf(search);
    const placeholder = (value: unknown) => `$${params.push(value)}`;
    const conditions = [where];
    if (ids) conditions.push(`id = ANY(${placeholder(ids)}::integer[])`);
    const assignments: string[] = [];
    const differences: string[] = [];
    if (set.state !== undefined) {
      const state = placeholder(set.state);
      assignments.push(`state = ${state}::text`);
      differences.push(`state <> ${state}::text`);
    }
    if (set.assignee !== undefined) {
      const assignee = placeholder(set.assignee);
      assignments.push(`assignee = ${assignee}::text`);
      differences.push(`assignee IS DISTINCT FROM ${assignee}::text`);
    }
    conditions.push(`(${differences.join(' OR ')})`);
    const target = conditions.join(' AND ');

    // Everyone they would get must be of a programme they may be assigned: checked on the rows
    // the statement locks and updates, not before it, so that a registration that arrives or
    // changes programme meanwhile cannot slip past the check.
    let assignable = 'NULL::text[]';
    if (set.assignee) {
      const access = await accessOfStaffMember(tx, set.assignee);
      if (!access) return { outcome: 'not-assignable', programmes: [] };
      if (!access.admin) assignable = `${placeholder(access.programmes)}::text[]`;
    }

    const actorParam = placeholder(actor);
    const [{ updated, outside }] = await tx.query<{
      updated: number;
      outside: DegreeProgram[];
    }>(
      `WITH target AS (
         SELECT id, state AS old_state, assignee AS old_assignee, degree_program
         FROM registrations WHERE ${target} FOR UPDATE
       ), refused AS (
         SELECT coalesce(array_agg(DISTINCT degree_program ORDER BY degree_program), '{}') AS outside
         FROM target WHERE ${assignable} IS NOT NULL AND NOT degree_program = ANY(${assignable})
       ), updated AS (
         UPDATE registrations SET ${assignments.join(', ')}, version = registrations.version + 1
         FROM target WHERE registrations.id = target.id
           AND cardinality((SELECT outside FROM refused)) = 0
         RETURNING registrations.id, registrations.reference, registrations.degree_program,
           target.old_state, target.old_assignee, registrations.state, registrations.assignee
       ), ${queueWebhookEvents('updated_events', 'updated', 'registration.updated')}, recorded AS (
         INSERT INTO registration_history (registration_id, actor, type, from_value, to_value)
         SELECT id, ${actorParam}::text, 'state', to_jsonb(old_state), to_jsonb(state)
         FROM updated WHERE old_state <> state
         UNION ALL
         SELECT id, ${actorParam}::text, 'assignee', to_jsonb(old_assignee), to_jsonb(assignee)
         FROM updated WHERE old_assignee IS DISTINCT FROM assignee
       )
       SELECT count(*)::integer AS updated, (SELECT outside FROM refused) AS outside
       FROM updated`,
      params,
    );
    if (outside.length > 0) return { outcome: 'not-assignable', programmes: outside };
    return { outcome: 'updated', updated };
  });
}
