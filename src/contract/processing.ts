/**
 * How the staff process a registration (issue: states, who has it, notes, history, overview): the
 * names and limits the console and the staff API share.
 */

/** A registration's processing states, in the order the work moves through them; all start `new`. */
export const processingStates = ['new', 'in-progress', 'waiting', 'done'] as const;
export type ProcessingState = (typeof processingStates)[number];

/** A note's length in characters (a note is never empty: at least one non-space). */
export const noteLength = { min: 1, max: 2000 } as const;

/** A note: something besides spaces, and no control character but tab and line breaks. */
export const notePattern =
  '^(?=[\\s\\S]*\\S)[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** What a registration's timeline records, oldest first. */
export const historyEntryTypes = ['received', 'state', 'assignee', 'correction', 'note'] as const;
export type HistoryEntryType = (typeof historyEntryTypes)[number];

/** The overview counts the registrations received on each of this many days, today the last. */
export const overviewDays = 30;

/** The list's assignee filter: the person's own, nobody's, or a person's subject. */
export const assigneeFilterMe = 'me';
export const assigneeFilterNone = 'none';

/** A bulk change by ids names at most this many; more goes by filter. */
export const bulkIdsMax = 1000;

/**
 * The message key of a correction into a programme outside the person's access (the field's
 * other keys are the form's own).
 */
export const programmeOutsideAccess = 'degreeProgram-outside-access';

/** The `If-Match` header's value for a version, and the version it names (undefined if none). */
export const ifMatchOf = (version: number) => `"${version}"`;
export function versionOfIfMatch(header: string | undefined): number | undefined {
  const match = /^\s*(?:W\/)?"?([1-9][0-9]{0,9})"?\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : undefined;
}
