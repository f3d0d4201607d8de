/**
 * The confirmations written as files when no SMTP_URL is set: DATA_DIR/mail/registration-<id>.eml.
 * A file is named by its registration's id, which the database made, so that no stored text
 * (a reference, an address) can choose where it goes; and it goes when its registration does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database';

export const mailDirOf = (dataDir: string) => path.join(dataDir, 'mail');

const fileNamePattern = /^registration-([1-9]\d*)\.eml$/;

/** The path of a registration's confirmation, inside `mailDir`: refuses any other id than one. */
export function confirmationFile(mailDir: string, registrationId: number): string {
  if (!Number.isSafeInteger(registrationId) || registrationId < 1) {
    throw new TypeError('A confirmation file is named by a registration id, a positive integer');
  }
  const directory = path.resolve(mailDir);
  const file = path.resolve(directory, `registration-${registrationId}.eml`);
  if (path.dirname(file) !== directory) {
    throw new TypeError('A confirmation file stays in the mail directory');
  }
  return file;
}

/** The registration ids that have a file in `mailDir`. */
async function idsWithFiles(mailDir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(mailDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => Number(fileNamePattern.exec(name)?.[1]))
    .filter((id) => Number.isSafeInteger(id));
}

/**
 * Deletes the files of the registrations no longer stored: just erased or purged, or gone while
 * their message was being written. Returns how many went.
 */
export async function deleteConfirmationFilesOfGone(
  db: Queryable,
  mailDir: string,
): Promise<number> {
  const ids = await idsWithFiles(mailDir);
  if (ids.length === 0) return 0;
  const stored = await db.query<{ id: number }>(
    'SELECT id FROM registrations WHERE id = ANY($1::integer[])',
    [ids],
  );
  const storedIds = new Set(stored.map((row) => row.id));
  const gone = ids.filter((id) => !storedIds.has(id));
  await Promise.all(
    gone.map((id) => fs.promises.rm(confirmationFile(mailDir, id), { force: true })),
  );
  return gone.length;
}
