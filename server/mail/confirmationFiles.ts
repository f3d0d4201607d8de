/**
 * The confirmations written as files when no SMTP_URL is set: DATA_DIR/mail/registration-<id>.eml,
 * and the applicant's other mail (applicantMail.ts) as registration-<id>-<kind>-<mail id>.eml, or
 * <kind>-<mail id>.eml once the registration is gone (a withdrawal's notice). A file is named by
 * ids the database made, so that no stored text (a reference, an address) can choose where it
 * goes; and a registration's files go when it does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database';
import { applicantMailKinds, type ApplicantMailKind } from './applicantMailKinds';

export const mailDirOf = (dataDir: string) => path.join(dataDir, 'mail');

const fileNamePattern = /^registration-([1-9]\d*)(?:-[a-z]+-[1-9]\d*)?\.eml$/;

/** A mail's file: a registration's confirmation by its id, or one of the applicant's other mail. */
export type MailFileName =
  number | { kind: ApplicantMailKind; mailId: number; registrationId: number | null };

const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1;

/** The path of a mail's file inside `mailDir`: refuses any name but one made of ids and a kind. */
export function mailFile(mailDir: string, name: MailFileName): string {
  if (typeof name === 'number') return confirmationFile(mailDir, name);
  const { kind, mailId, registrationId } = name;
  if (
    !applicantMailKinds.includes(kind) ||
    !isId(mailId) ||
    !(registrationId === null || isId(registrationId))
  ) {
    throw new TypeError("An applicant's mail file is named by its kind and ids");
  }
  const prefix = registrationId === null ? '' : `registration-${registrationId}-`;
  return inMailDir(mailDir, `${prefix}${kind}-${mailId}.eml`);
}

function inMailDir(mailDir: string, fileName: string): string {
  const directory = path.resolve(mailDir);
  const file = path.resolve(directory, fileName);
  if (path.dirname(file) !== directory) {
    throw new TypeError('A confirmation file stays in the mail directory');
  }
  return file;
}

/** The path of a registration's confirmation, inside `mailDir`: refuses any other id than one. */
export function confirmationFile(mailDir: string, registrationId: number): string {
  if (!isId(registrationId)) {
    throw new TypeError('A confirmation file is named by a registration id, a positive integer');
  }
  return inMailDir(mailDir, `registration-${registrationId}.eml`);
}

/** The files in `mailDir` that belong to a registration, with its id. */
async function registrationFiles(mailDir: string): Promise<{ name: string; id: number }[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(mailDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, id: Number(fileNamePattern.exec(name)?.[1]) }))
    .filter(({ id }) => Number.isSafeInteger(id));
}

/**
 * Deletes the files of the registrations no longer stored: just erased or purged, or gone while
 * their message was being written. Returns how many went.
 */
export async function deleteConfirmationFilesOfGone(
  db: Queryable,
  mailDir: string,
): Promise<number> {
  const files = await registrationFiles(mailDir);
  if (files.length === 0) return 0;
  const ids = [...new Set(files.map((file) => file.id))];
  const stored = await db.query<{ id: number }>(
    'SELECT id FROM registrations WHERE id = ANY($1::integer[])',
    [ids],
  );
  const storedIds = new Set(stored.map((row) => row.id));
  const gone = files.filter((file) => !storedIds.has(file.id));
  await Promise.all(
    gone.map((file) => fs.promises.rm(inMailDir(mailDir, file.name), { force: true })),
  );
  return gone.length;
}
