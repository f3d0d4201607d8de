/**
 * The applicant's own Art. 15 download (issue 43): what is stored about their registration that is
 * theirs to have. Their fields, reference, language, when it was sent and its state; its history
 * and the notes about them, each with its time. Who did what is "you", "the admissions office" or
 * its student information system: a staff member's sign-in subject or name, an assignee, an API
 * token's name and the ids of other registrations (possible duplicates, and the staff's word on
 * them) are the office's and stay in the staff's download. Read in one snapshot; its schema (applicantApiSchemas.ts) names nothing
 * else, so nothing else can leave.
 */
import { snapshotTransaction, type Database } from '../db/database';
import type { HistoryEntry } from '../../src/contract/consoleApiSchemas';
import {
  applicantDataActors,
  type ApplicantData,
  type ApplicantHistoryEntry,
} from '../../src/contract/applicantApiSchemas';
import { readNotesAndHistory } from '../console/history';
import { readTransfer } from '../integration/transfers';
import { readOwnRegistration } from './applicantRegistration';

const { applicant, office, integration } = applicantDataActors;

/** A step of the staff's timeline as the applicant reads it; notes are listed apart. */
function applicantEntry(entry: HistoryEntry): ApplicantHistoryEntry | undefined {
  const { at } = entry;
  switch (entry.type) {
    case 'received':
      return { at, by: applicant, type: 'received' };
    case 'state':
      return { at, by: office, type: 'state', from: entry.from, to: entry.to };
    case 'assignee':
      return { at, by: office, type: 'assignee', assigned: entry.to !== null };
    case 'correction':
      return {
        at,
        by: entry.actor === null ? applicant : office,
        type: 'correction',
        field: entry.field,
        from: entry.from,
        to: entry.to,
      };
    case 'note':
    case 'duplicate':
      return undefined;
  }
}

/** Registration `id`'s data as its applicant downloads it; undefined once it is gone. */
export function readApplicantData(db: Database, id: number): Promise<ApplicantData | undefined> {
  return snapshotTransaction(db, async (tx) => {
    const registration = await readOwnRegistration(tx, id);
    if (!registration) return undefined;
    // No programme: the staff's word on possible duplicates is not the applicant's to read.
    const { notes, history } = await readNotesAndHistory(tx, id, registration.createdAt, []);
    const transfer = await readTransfer(tx, id);
    const entries = history.flatMap((entry) => applicantEntry(entry) ?? []);
    if (transfer) {
      entries.push({
        at: transfer.at,
        by: integration,
        type: 'transfer',
        externalId: transfer.externalId,
      });
      // The history is oldest first; a transfer is stored apart, so it takes its place by time.
      entries.sort((a, b) => a.at.localeCompare(b.at));
    }
    return {
      reference: registration.reference,
      language: registration.language,
      createdAt: registration.createdAt.toISOString(),
      state: registration.state,
      fields: registration.fields,
      history: entries,
      notes: notes.map((note) => ({ at: note.at, author: office, text: note.text })),
    };
  });
}
