/**
 * How the staff process a registration (issue: states, who has it, notes, history, overview): the
 * names and limits the console and the staff API share.
 */

/** A registration's processing states, in the order the work moves through them; all start `new`. */
export const processingStates = ['new', 'in-progress', 'waiting', 'done'] as const;
export type ProcessingState = (typeof processingStates)[number];

/** A note's length in characters (a note is never empty: at least one non-space). */
export const noteLength = { min: 1, max: 2000 } as const;

/**
 * A note: something besides spaces, and no character that controls rather than shows itself. Line
 * breaks are kept (LF, or CR only as part of CRLF: a lone CR sends a terminal back to the start
 * of the line it is writing over), and tab too: pasted from a spreadsheet or an email it is
 * spacing, and it moves no text and starts no line. Refused: the other C0 controls, DEL and the C1
 * controls (U+0080–U+009F, some of which a terminal takes as commands), the Unicode line and
 * paragraph separators (U+2028, U+2029: line breaks only some readers see), and the bidirectional
 * controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which show text in another
 * order than it was written. Read with the `u` flag: by the staff API's schema, by the console
 * before it sends a note, and by a restore for each note of a backup.
 */
export const notePattern =
  '^(?=[\\s\\S]*\\S)(?:[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]|\\r\\n)*$';

/** What a registration's timeline records, oldest first. */
export const historyEntryTypes = [
  'received',
  'state',
  'assignee',
  'correction',
  'note',
  'duplicate',
  'request',
  'request-answered',
  'request-withdrawn',
] as const;
export type HistoryEntryType = (typeof historyEntryTypes)[number];

/**
 * The staff's word on a possible duplicate: not the same person, or handled (merged by hand, or
 * withdrawn). `open` marks it a possible duplicate again.
 */
export const duplicateResolutions = ['different', 'handled'] as const;
export type DuplicateResolution = (typeof duplicateResolutions)[number];
export const duplicateReopened = 'open';

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
