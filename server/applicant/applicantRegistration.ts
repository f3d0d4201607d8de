/**
 * The registration as its applicant reads it: before the birthday only what the confirmation
 * email says; after it the twelve fields, the language and the version too.
 */
import type { Queryable } from '../db/database';
import { columnOf } from '../db/fieldColumns';
import { formColumns } from '../db/registrations';
import { fieldNames, type RegistrationValues } from '../../src/contract/fields';
import type { Language } from '../../src/contract/languages';
import type { ProcessingState } from '../../src/contract/processing';
import type {
  UnverifiedRegistration,
  VerifiedRegistration,
} from '../../src/contract/applicantApiSchemas';

/** The processing states in which the applicant may correct the registration. */
export const correctableStates: readonly ProcessingState[] = ['new', 'waiting'];

export interface OwnRegistration {
  id: number;
  reference: string;
  createdAt: Date;
  state: ProcessingState;
  language: Language;
  version: number;
  fields: RegistrationValues;
}

type Row = Record<string, unknown> & {
  id: number;
  reference: string;
  created_at: Date;
  state: ProcessingState;
  language: Language;
  version: number;
};

export async function readOwnRegistration(
  db: Queryable,
  id: number,
): Promise<OwnRegistration | undefined> {
  const [row] = await db.query<Row>(
    `SELECT id, reference, created_at, state, language, version, ${formColumns.join(', ')}
     FROM registrations WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    reference: row.reference,
    // new Date(): under Jest a Date from the PGlite worker thread belongs to another realm.
    createdAt: new Date(row.created_at),
    state: row.state,
    language: row.language,
    version: row.version,
    fields: Object.fromEntries(
      fieldNames.map((name) => [name, row[columnOf(name)]]),
    ) as RegistrationValues,
  };
}

export function unverifiedView(registration: OwnRegistration): UnverifiedRegistration {
  const { reference, createdAt, state, language, fields } = registration;
  return {
    reference,
    degreeProgram: fields.degreeProgram as UnverifiedRegistration['degreeProgram'],
    createdAt: createdAt.toISOString(),
    state,
    language,
    verified: false,
  };
}

/** The registration after the birthday, with the office's open request (null: none). */
export function verifiedView(
  registration: OwnRegistration,
  request: VerifiedRegistration['request'],
): VerifiedRegistration {
  return {
    ...unverifiedView(registration),
    request,
    verified: true,
    fields: registration.fields,
    version: registration.version,
    correctable: correctableStates.includes(registration.state),
  };
}
