/**
 * One registration as its page and the staff's Art. 15 download have it: its data and
 * confirmation, its processing, the others it may duplicate, its notes, its information requests
 * and its timeline, read in one snapshot.
 */
import { snapshotTransaction, type Database } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import { readPossibleDuplicates } from './duplicateReviews';
import { readNotesAndHistory } from './history';
import { findRegistration } from './registrationQueries';
import { readTransfer } from '../integration/transfers';
import { dayIn } from '../timeZone';
import { readRequestHistory } from './informationRequests';

export function findRegistrationDetails(
  db: Database,
  id: number,
  visibleProgrammes: readonly DegreeProgram[],
  /** TIME_ZONE, in which a request's deadline is a day. */
  timeZone: string,
) {
  return snapshotTransaction(db, async (tx) => {
    const found = await findRegistration(tx, id, visibleProgrammes);
    if (!found) return undefined;
    const { notes, history } = await readNotesAndHistory(
      tx,
      id,
      found.createdAt,
      visibleProgrammes,
    );
    const today = dayIn(new Date(), timeZone);
    const requests = await readRequestHistory(tx, id, { today, timeZone });
    // Stored apart; merged by time, as the notes are (the receipt stays first).
    const [received, ...rest] = history;
    return {
      ...found,
      notes,
      history: [
        received,
        ...[...rest, ...requests.entries].sort((a, b) => a.at.localeCompare(b.at)),
      ],
      request: requests.request,
      transfer: await readTransfer(tx, id),
      duplicates: await readPossibleDuplicates(tx, id, visibleProgrammes),
    };
  });
}

/** Times leave as ISO 8601 text, as the schemas write them. */
export const answeredRegistration = <Registration extends { createdAt: Date }>(
  registration: Registration,
) => ({ ...registration, createdAt: registration.createdAt.toISOString() });
