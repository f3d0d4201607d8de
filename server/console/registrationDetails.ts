/**
 * One registration as its page and the staff's Art. 15 download have it: its data and
 * confirmation, its processing, the others it may duplicate, its notes and its timeline, read in
 * one snapshot.
 */
import { snapshotTransaction, type Database } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import { readPossibleDuplicates } from './duplicateReviews';
import { readNotesAndHistory } from './history';
import { findRegistration } from './registrationQueries';
import { readTransfer } from '../integration/transfers';

export function findRegistrationDetails(
  db: Database,
  id: number,
  visibleProgrammes: readonly DegreeProgram[],
) {
  return snapshotTransaction(db, async (tx) => {
    const found = await findRegistration(tx, id, visibleProgrammes);
    if (!found) return undefined;
    return {
      ...found,
      ...(await readNotesAndHistory(tx, id, found.createdAt, visibleProgrammes)),
      transfer: await readTransfer(tx, id),
      duplicates: await readPossibleDuplicates(tx, id, visibleProgrammes),
    };
  });
}

/** Times leave as ISO 8601 text, as the schemas write them. */
export const answeredRegistration = <Registration extends { createdAt: Date }>(
  registration: Registration,
) => ({ ...registration, createdAt: registration.createdAt.toISOString() });
