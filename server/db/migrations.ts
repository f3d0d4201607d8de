/**
 * Schema changes, applied in order at every start. Each runs once: the versions applied are kept in
 * schema_migrations, and an advisory lock serialises instances that start together on PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable } from './database';

interface Migration {
  version: number;
  /** What it does, in a line: `npm run migrate` prints it as it applies the migration. */
  description: string;
  statements: string[];
}

// The values migration 19's and 21's rules name, written out: a migration states what held when it was
// written, whatever the code's lists become later.
const programmes = `ARRAY['IA', 'IT', 'EMT', 'PMT', 'MSE', 'MIDS', 'MTH', 'EASE']::text[]`;
const fields = `'firstName', 'lastName', 'birthday', 'phoneNumber', 'email', 'address', 'zipcode',
  'city', 'country', 'startedYear', 'degreeProgram', 'terms'`;
/**
 * What a note may not hold (notePattern in src/contract/processing.ts): C0 but tab and line
 * breaks, DEL, C1, the Unicode line separators and the bidirectional controls, or a carriage
 * return that is not part of CRLF.
 */
const noteControlCharacters =
  '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
const loneCarriageReturn = '\\r(?!\\n)';
/**
 * What no other text may hold (hasControlCharacters in server/operations/controlCharacters.ts,
 * which a restore checks first): C0, DEL, C1, the Unicode line separators and the bidirectional
 * controls.
 */
const controlCharacters =
  '[\\x01-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
/** The texts migration 22 keeps free of control characters, by table. */
const printableColumns: Record<string, string[]> = {
  staff_members: ['name', 'email'],
  api_tokens: ['name', 'created_by'],
  audit_log: ['command', 'os_user', 'details'],
  registration_history: ['actor'],
  registration_transfers: ['external_id'],
};
/** A staff member's sign-in subject: 1 to 255 characters (OpenID Connect Core §2). */
const subjectRule = (column: string) => `char_length(${column}) BETWEEN 1 AND 255`;
/** A history's old or new value: a state, a subject, a field's text or a box ticked, or null. */
const changedValueRule = (column: string) =>
  `jsonb_typeof(${column}) IN ('null', 'string', 'boolean') AND char_length(${column} #>> '{}') <= 255`;

const migrations: Migration[] = [
  {
    version: 1,
    description: 'the registrations table; an identical resubmission is stored once',
    statements: [
      `CREATE TABLE registrations (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        first_name text NOT NULL,
        last_name text NOT NULL,
        birthday text NOT NULL,
        phone_number text NOT NULL,
        email text NOT NULL,
        address text NOT NULL,
        zipcode text NOT NULL,
        city text NOT NULL,
        country text NOT NULL,
        started_year text NOT NULL,
        degree_program text NOT NULL,
        terms boolean NOT NULL
      )`,
      // An identical resubmission (double click, reload while sending) is stored once.
      `CREATE UNIQUE INDEX registrations_identical_submission ON registrations (
        first_name, last_name, birthday, phone_number, email, address, zipcode, city, country,
        started_year, degree_program, terms
      )`,
    ],
  },
  {
    version: 2,
    description: 'reference codes, an index of the received time, the audit log',
    statements: [
      // What an applicant quotes to the staff: 8 characters without look-alikes (0/O, 1/I/L),
      // 31^8 ≈ 8.5·10^11 codes. Not a secret, so random() is enough; the unique index has the last word.
      `CREATE FUNCTION new_registration_reference() RETURNS text LANGUAGE sql VOLATILE AS $$
        SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
        FROM generate_series(1, 8)
      $$`,
      `ALTER TABLE registrations
        ADD COLUMN reference text NOT NULL DEFAULT new_registration_reference()`,
      'CREATE UNIQUE INDEX registrations_reference ON registrations (reference)',
      'CREATE INDEX registrations_created_at ON registrations (created_at)',
      // Who took data out or deleted it, and how much; never whose (at most a keyed hash).
      `CREATE TABLE audit_log (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        command text NOT NULL,
        row_count integer NOT NULL,
        os_user text NOT NULL,
        details text NOT NULL DEFAULT ''
      )`,
    ],
  },
  {
    version: 3,
    description: "each registration's language, and the outbox of confirmations",
    statements: [
      // The page's language when it was sent: the confirmation email's language.
      `ALTER TABLE registrations ADD COLUMN language text NOT NULL DEFAULT 'sv'`,
      // The transactional outbox: a confirmation to send, queued in the registration's own
      // transaction. The message itself is composed when sent; erasing the row cancels it.
      `CREATE TABLE outbox (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL UNIQUE REFERENCES registrations (id) ON DELETE CASCADE,
        queued_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX outbox_due ON outbox (next_attempt_at)',
    ],
  },
  {
    version: 4,
    description: "an index to count an address's registrations of the past day",
    statements: [
      // An address's registrations of the past day, counted at each one stored (registrations.ts).
      // Keyed by a 4-byte hash of the address, which the count compares too: kept up at every
      // insert, the address itself (with created_at) cost a sixth of bench:load's throughput.
      'CREATE INDEX registrations_address ON registrations (hashtext(lower(email)))',
    ],
  },
  {
    version: 5,
    description: "the staff console's sessions",
    statements: [
      // The staff console's sign-ins, shared by every instance on the database. The browser
      // holds only a random token; its SHA-256 is the key, so a leaked table opens no session.
      `CREATE TABLE staff_sessions (
        token_hash text PRIMARY KEY,
        subject text NOT NULL,
        email text NOT NULL,
        name text NOT NULL,
        admin boolean NOT NULL,
        programmes text[] NOT NULL,
        id_token text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 6,
    description: "trigram indexes for the console's search (extension pg_trgm)",
    statements: [
      // The staff console's search for part of a name or an email (registrationQueries.ts) reads
      // trigram indexes instead of every row: 100,000 registrations took 260 ms a search without.
      'CREATE EXTENSION IF NOT EXISTS pg_trgm',
      `CREATE INDEX registrations_name_search ON registrations
        USING gin (lower(first_name || ' ' || last_name) gin_trgm_ops)`,
      'CREATE INDEX registrations_email_search ON registrations USING gin (lower(email) gin_trgm_ops)',
    ],
  },
  {
    version: 7,
    description: "sessions keep the person's groups and provider; sign-ins under way",
    statements: [
      // A session keeps the person's groups, read against today's STAFF_ACCESS at each request,
      // and the provider and client it was made under. A session without them (made by an earlier
      // release) opens nothing: its person signs in again.
      `ALTER TABLE staff_sessions
        ADD COLUMN IF NOT EXISTS groups text[] NOT NULL DEFAULT '{}',
        ADD COLUMN IF NOT EXISTS email_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN IF NOT EXISTS issuer text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS client_id text NOT NULL DEFAULT ''`,
      'CREATE INDEX IF NOT EXISTS staff_sessions_subject ON staff_sessions (subject)',
      // Sign-ins under way, between /staff/login and /staff/callback: the browser's cookie holds
      // only a random key, whose SHA-256 is the key here; each is used once.
      `CREATE TABLE IF NOT EXISTS staff_sign_ins (
        key_hash text PRIMARY KEY,
        state text NOT NULL,
        nonce text NOT NULL,
        verifier text NOT NULL,
        return_to text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 8,
    description: 'processing: state, assignee and version; staff members, notes, history',
    statements: [
      // Processing in the console (server/console/processing*.ts): the state, who has it (a
      // staff member's subject, or nobody) and a version that every change increases.
      `ALTER TABLE registrations ADD COLUMN state text NOT NULL DEFAULT 'new'`,
      'ALTER TABLE registrations ADD COLUMN assignee text',
      'ALTER TABLE registrations ADD COLUMN version integer NOT NULL DEFAULT 1',
      'CREATE INDEX registrations_state ON registrations (state, created_at)',
      'CREATE INDEX registrations_assignee ON registrations (assignee, created_at)',
      // Possible duplicates share the first name, last name and birthday with case and accents
      // ignored (the letters decomposed, their combining marks dropped): a key PostgreSQL keeps
      // up at each insert and correction, and groups by without computing it per row.
      `CREATE FUNCTION registration_name_birthday_key(first_name text, last_name text, birthday text)
        RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT lower(regexp_replace(
          normalize(first_name || '|' || last_name || '|' || birthday, NFD),
          '[\u0300-\u036f]', '', 'g'))
      $$`,
      `ALTER TABLE registrations ADD COLUMN name_birthday_key text
        GENERATED ALWAYS AS (registration_name_birthday_key(first_name, last_name, birthday)) STORED`,
      'CREATE INDEX registrations_name_birthday_key ON registrations (name_birthday_key)',
      // The staff as their last sign-in named them: whom a registration may be assigned to, and
      // the names its notes and history show after their sessions have gone.
      `CREATE TABLE staff_members (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        subject text NOT NULL UNIQUE,
        name text NOT NULL,
        email text NOT NULL,
        admin boolean NOT NULL,
        programmes text[] NOT NULL,
        last_sign_in_at timestamptz NOT NULL
      )`,
      // A registration's notes and changes belong to it: erase and the purge take them along.
      `CREATE TABLE registration_notes (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        author text NOT NULL,
        text text NOT NULL
      )`,
      'CREATE INDEX registration_notes_registration ON registration_notes (registration_id)',
      // Each change: its type (state, assignee, correction), the field corrected, and the old and
      // new values as JSON (a string, a boolean, or null for nobody).
      `CREATE TABLE registration_history (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        type text NOT NULL,
        field text,
        from_value jsonb,
        to_value jsonb
      )`,
      'CREATE INDEX registration_history_registration ON registration_history (registration_id, id)',
    ],
  },
  {
    version: 9,
    description: 'the confirmation cap counts by mailbox; confirmations queued per hour',
    statements: [
      // The mailbox an address reaches: in any letter case, without a +tag (victim+1@ is victim@).
      // The confirmations' cap per address counts, and locks, by it (registrations.ts).
      `CREATE FUNCTION registration_mailbox(address text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN regexp_replace(lower(address), '\\+[^@]*@', '@')`,
      // As registrations_address, which the previous release still reads (a later one drops it).
      `CREATE INDEX registrations_mailbox ON registrations
        (hashtext(registration_mailbox(email)))`,
      // The confirmations queued in each clock hour (UTC), counted against CONFIRMATIONS_PER_HOUR.
      `CREATE TABLE confirmations_queued (
        hour timestamptz PRIMARY KEY,
        queued integer NOT NULL
      )`,
    ],
  },
  {
    version: 10,
    description: "the applicant's own links, their sessions and mail",
    statements: [
      // The applicant's own links (server/applicant/): the token is never stored, only its hash,
      // and the random nonce it is derived from with the server's secret (applicantLinks.ts).
      // Erasing the registration takes its links, their sessions and their queued mail along.
      `CREATE TABLE applicant_links (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        nonce text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        wrong_birthdays integer NOT NULL DEFAULT 0
      )`,
      'CREATE INDEX applicant_links_registration ON applicant_links (registration_id)',
      `CREATE TABLE applicant_sessions (
        token_hash text PRIMARY KEY,
        link_id integer NOT NULL REFERENCES applicant_links (id) ON DELETE CASCADE,
        verified boolean NOT NULL DEFAULT false,
        last_seen_at timestamptz NOT NULL
      )`,
      // The applicant's other mail, sent by the outbox's sender: a new link, "your registration
      // was updated", "your registration was withdrawn". A withdrawal's notice outlives its
      // registration, so it keeps the address and language until it is sent, and nothing more.
      `CREATE TABLE applicant_mail (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL,
        registration_id integer REFERENCES registrations (id) ON DELETE CASCADE,
        link_id integer REFERENCES applicant_links (id) ON DELETE CASCADE,
        address text,
        language text,
        queued_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX applicant_mail_due ON applicant_mail (next_attempt_at)',
      // The links sent on request, by a keyed hash of the mailbox: counted with the
      // confirmations against the cap of emails per address a day.
      `CREATE TABLE applicant_link_requests (
        mailbox_hash text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX applicant_link_requests_mailbox ON applicant_link_requests (mailbox_hash, at)',
    ],
  },
  {
    version: 11,
    description: 'the integration API: when each row changed, tokens, transfers, erasures',
    statements: [
      // The integration API's feed (server/integration/): when each registration last changed,
      // and by which transaction. A trigger keeps both right for every writer, the previous
      // release's too on a shared PostgreSQL; a restore's rows keep the time their backup gives.
      'ALTER TABLE registrations ADD COLUMN updated_at timestamptz',
      'UPDATE registrations SET updated_at = created_at',
      'ALTER TABLE registrations ALTER COLUMN updated_at SET NOT NULL',
      // The feed pages by this, handing out only transactions below the oldest one still running:
      // one that commits later cannot land behind a page already read (registrationFeed.ts).
      `ALTER TABLE registrations ADD COLUMN change_xid xid8 NOT NULL DEFAULT '0'`,
      'CREATE INDEX registrations_change ON registrations (change_xid, id)',
      `CREATE FUNCTION registration_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.updated_at := CASE WHEN TG_OP = 'INSERT'
            THEN coalesce(NEW.updated_at, NEW.created_at) ELSE now() END;
          NEW.change_xid := pg_current_xact_id();
          RETURN NEW;
        END
      $$`,
      `CREATE TRIGGER registrations_changed BEFORE INSERT OR UPDATE ON registrations
        FOR EACH ROW EXECUTE FUNCTION registration_changed()`,
      // The integration's tokens: only a token's SHA-256 is kept. programmes NULL: all of them,
      // those added later too.
      `CREATE TABLE api_tokens (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        programmes text[],
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by text NOT NULL,
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`,
      // A registration handed over to the student information system: when, by which token, and
      // its id there (id: the registration's). Apart from the row, so that marking it is no change the feed hands out again.
      `CREATE TABLE registration_transfers (
        id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
        transferred_at timestamptz NOT NULL DEFAULT now(),
        token_id integer NOT NULL REFERENCES api_tokens (id),
        external_id text
      )`,
      // What was erased, so that the systems holding a copy erase theirs (GDPR Art. 19): no
      // personal data. Written by the same trigger for every path that deletes a registration
      // (erase, purge, the applicant's withdrawal, the previous release), in its transaction.
      `CREATE TABLE erasures (
        id integer PRIMARY KEY,
        reference text NOT NULL,
        degree_program text NOT NULL,
        erased_at timestamptz NOT NULL DEFAULT now(),
        erased_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
      )`,
      'CREATE INDEX erasures_change ON erasures (erased_xid, id)',
      'CREATE INDEX erasures_erased_at ON erasures (erased_at)',
      `CREATE FUNCTION registration_erased() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO erasures (id, reference, degree_program)
            VALUES (OLD.id, OLD.reference, OLD.degree_program);
          RETURN OLD;
        END
      $$`,
      `CREATE TRIGGER registrations_erased AFTER DELETE ON registrations
        FOR EACH ROW EXECUTE FUNCTION registration_erased()`,
    ],
  },
  {
    version: 12,
    description: 'webhooks and their deliveries',
    statements: [
      // Webhook endpoints (server/webhooks/): the secret signs each delivery, so it is kept as
      // given; programmes NULL means all. A deleted one keeps its row for its deliveries' history.
      `CREATE TABLE webhooks (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        url text NOT NULL,
        events text[] NOT NULL,
        programmes text[],
        secret text NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`,
      // One row per event and endpoint, queued in the transaction of the change: no personal
      // data, and no reference to the registration's row, which an erase deletes.
      `CREATE TABLE webhook_deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        message_id uuid NOT NULL DEFAULT gen_random_uuid(),
        webhook_id integer NOT NULL REFERENCES webhooks (id),
        event_type text NOT NULL,
        registration_id integer NOT NULL,
        reference text NOT NULL,
        degree_program text NOT NULL,
        payload json NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now(),
        state text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz,
        last_status integer,
        last_error text
      )`,
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
        WHERE state = 'pending'`,
      // Per endpoint and registration in order: the claim looks for an earlier one pending.
      `CREATE INDEX webhook_deliveries_in_order ON webhook_deliveries
        (webhook_id, registration_id, id) WHERE state = 'pending'`,
      'CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, id)',
    ],
  },
  {
    version: 13,
    description: 'state and assignee changes written in place; possible duplicates as pairs',
    statements: [
      // A change of state or assignee rewrites a row in place (a HOT update, no index touched)
      // only when no index covers those columns and its page has room: a bulk change of 12,500
      // took 5 s through every index (the trigram ones most), 1 s in place. Without their
      // indexes, the list's filters by state and assignee read the rows as the one by programme
      // does. Only rows stored from now on get the room; older pages gain it as rows move.
      'DROP INDEX IF EXISTS registrations_state',
      'DROP INDEX IF EXISTS registrations_assignee',
      'ALTER TABLE registrations SET (fillfactor = 80)',
      // Possible duplicates (server/console/duplicates.ts), kept as pairs, each both ways, by the
      // database at every insert and correction: grouping every row at each request took seconds.
      // With the other's programme, so that what a person may see is read without its row.
      `CREATE TABLE registration_duplicates (
        registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        other_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        other_degree_program text NOT NULL,
        PRIMARY KEY (registration_id, other_id)
      )`,
      'CREATE INDEX registration_duplicates_other ON registration_duplicates (other_id)',
      `INSERT INTO registration_duplicates (registration_id, other_id, other_degree_program)
        SELECT one.id, other.id, other.degree_program
        FROM registrations AS one JOIN registrations AS other
          ON other.name_birthday_key = one.name_birthday_key AND other.id <> one.id
        UNION
        SELECT one.id, other.id, other.degree_program
        FROM registrations AS one JOIN registrations AS other
          ON lower(other.email) = lower(one.email) AND other.id <> one.id`,
      // Pairs the registrations `ids` with the others of the same email (any letter case) or
      // name_birthday_key. Transactions storing the same name and birthday at once would not see
      // each other's rows: a lock per key (key space 7301956) until COMMIT makes the later one
      // wait and then see the earlier (its next statement's snapshot). The store already locks
      // per mailbox (server/db/registrations.ts), which the same email shares. Only the store's
      // batches (256 at most) and corrections take them: a larger statement (a restore, a bulk
      // load) runs alone, and a lock per row would fill the lock table.
      `CREATE FUNCTION pair_registration_duplicates(ids integer[]) RETURNS void
        LANGUAGE sql VOLATILE AS $$
        SELECT pg_advisory_xact_lock(7301956, key) FROM (
          SELECT DISTINCT hashtext(one.name_birthday_key) AS key
          FROM unnest(ids) AS added (id) JOIN registrations AS one ON one.id = added.id
          WHERE cardinality(ids) <= 256 ORDER BY key
        ) AS keys;
        INSERT INTO registration_duplicates (registration_id, other_id, other_degree_program)
        SELECT pair.id, pair.other_id, pair.other_degree_program
        FROM unnest(ids) AS added (id) JOIN registrations AS one ON one.id = added.id,
          LATERAL (
            SELECT id, degree_program FROM registrations AS other
            WHERE other.name_birthday_key = one.name_birthday_key AND other.id <> one.id
            UNION
            SELECT id, degree_program FROM registrations AS other
            WHERE hashtext(registration_mailbox(other.email)) = hashtext(registration_mailbox(one.email))
              AND lower(other.email) = lower(one.email) AND other.id <> one.id
          ) AS other,
          LATERAL (VALUES (one.id, other.id, other.degree_program),
            (other.id, one.id, one.degree_program)) AS pair (id, other_id, other_degree_program)
        ON CONFLICT DO NOTHING;
      $$`,
      // Once per INSERT statement, for all its rows: the store inserts a batch in one.
      `CREATE FUNCTION pair_inserted_registrations() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pair_registration_duplicates(ARRAY(SELECT id FROM inserted));
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER registration_duplicates_inserted AFTER INSERT ON registrations
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
        EXECUTE FUNCTION pair_inserted_registrations()`,
      `CREATE FUNCTION pair_corrected_registration() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM registration_duplicates WHERE registration_id = NEW.id OR other_id = NEW.id;
          PERFORM pair_registration_duplicates(ARRAY[NEW.id]);
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER registration_duplicates_corrected
        AFTER UPDATE OF first_name, last_name, birthday, email, degree_program ON registrations
        FOR EACH ROW EXECUTE FUNCTION pair_corrected_registration()`,
    ],
  },
  {
    version: 15,
    description: "one index for a mailbox's registrations of the past day",
    statements: [
      // The count of a mailbox's registrations of the past day (registrations.ts) as one range of
      // one index. With registrations_mailbox alone, a plan made without statistics (PGlite never
      // analyses) also read registrations_created_at, whose range is every registration of the
      // past day, once for each one stored: 2.5 ms a row at 5,000 rows, growing with the table.
      `CREATE INDEX registrations_mailbox_day ON registrations
        (hashtext(registration_mailbox(email)), created_at)`,
      // It serves everything registrations_mailbox did; no release but this one has read that.
      'DROP INDEX registrations_mailbox',
    ],
  },
  {
    version: 16,
    description: "the database's identity, which the integration API's cursors carry",
    statements: [
      // Which database this is, in the integration API's cursors (server/db/databaseIdentity.ts):
      // a restore writes every row in its own transaction, so a position from before it means
      // nothing here. One row; made at creation, made anew by every restore, never backed up.
      `CREATE TABLE database_identity (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        id uuid NOT NULL DEFAULT gen_random_uuid()
      )`,
      'INSERT INTO database_identity DEFAULT VALUES',
    ],
  },
  {
    version: 17,
    description: 'pairing possible duplicates reads the stored rows by their key',
    statements: [
      // pair_registration_duplicates (migration 13) found the batch's rows by a join with the
      // array: without statistics (PGlite never analyses) that plan hashes every registration at
      // each stored batch, twice, and the store slowed as the table grew (713 to 171 a second by
      // 30,000 rows). `id = ANY(ids)` reads them through the primary key at any size.
      `CREATE OR REPLACE FUNCTION pair_registration_duplicates(ids integer[]) RETURNS void
        LANGUAGE sql VOLATILE AS $$
        SELECT pg_advisory_xact_lock(7301956, key) FROM (
          SELECT DISTINCT hashtext(one.name_birthday_key) AS key
          FROM registrations AS one
          WHERE one.id = ANY(ids) AND cardinality(ids) <= 256 ORDER BY key
        ) AS keys;
        INSERT INTO registration_duplicates (registration_id, other_id, other_degree_program)
        SELECT pair.id, pair.other_id, pair.other_degree_program
        FROM registrations AS one,
          LATERAL (
            SELECT id, degree_program FROM registrations AS other
            WHERE other.name_birthday_key = one.name_birthday_key AND other.id <> one.id
            UNION
            SELECT id, degree_program FROM registrations AS other
            WHERE hashtext(registration_mailbox(other.email)) = hashtext(registration_mailbox(one.email))
              AND lower(other.email) = lower(one.email) AND other.id <> one.id
          ) AS other,
          LATERAL (VALUES (one.id, other.id, other.degree_program),
            (other.id, one.id, one.degree_program)) AS pair (id, other_id, other_degree_program)
        WHERE one.id = ANY(ids)
        ON CONFLICT DO NOTHING;
      $$`,
    ],
  },
  {
    version: 18,
    description: "the integration feed's order in a table of its own",
    statements: [
      // The feed's order (registrationFeed.ts) in a narrow table of its own: indexed on
      // registrations, change_xid changed with every state or assignee change, so none could be a
      // HOT update (migration 13) and each wrote into every index, the trigram ones most. The
      // column stays, kept by registrations_changed but no longer indexed, for a previous release
      // whose feed reads it; a later release drops it.
      `CREATE TABLE registration_changes (
        registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
        change_xid xid8 NOT NULL
      )`,
      'CREATE INDEX registration_changes_order ON registration_changes (change_xid, registration_id)',
      `INSERT INTO registration_changes (registration_id, change_xid)
        SELECT id, change_xid FROM registrations`,
      'DROP INDEX registrations_change',
      // A new row's updated_at and change_xid are its columns' defaults (now() is the time the
      // created_at default gives), so the row trigger runs for updates only: the store's inserts
      // no longer call it for each row.
      'ALTER TABLE registrations ALTER COLUMN updated_at SET DEFAULT now()',
      'ALTER TABLE registrations ALTER COLUMN change_xid SET DEFAULT pg_current_xact_id()',
      `CREATE OR REPLACE FUNCTION registration_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.updated_at := now();
          NEW.change_xid := pg_current_xact_id();
          RETURN NEW;
        END
      $$`,
      'DROP TRIGGER registrations_changed ON registrations',
      `CREATE TRIGGER registrations_changed BEFORE UPDATE ON registrations
        FOR EACH ROW EXECUTE FUNCTION registration_changed()`,
      // Once per statement, for all its rows: the store inserts a batch in one, a bulk change
      // thousands. Every writer's, the previous release's too on a shared PostgreSQL.
      `CREATE FUNCTION record_registration_changes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO registration_changes (registration_id, change_xid)
            SELECT id, pg_current_xact_id() FROM changed
          ON CONFLICT (registration_id) DO UPDATE SET change_xid = excluded.change_xid
            WHERE registration_changes.change_xid <> excluded.change_xid;
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER registration_changes_inserted AFTER INSERT ON registrations
        REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
        EXECUTE FUNCTION record_registration_changes()`,
      `CREATE TRIGGER registration_changes_updated AFTER UPDATE ON registrations
        REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
        EXECUTE FUNCTION record_registration_changes()`,
    ],
  },
  {
    version: 19,
    description: 'what a stored row may hold, as constraints; earlier rows brought within them',
    statements: [
      // What a stored row may hold, stated once, here: every writer is refused by it (the
      // previous release's too on a shared PostgreSQL), and a restore is judged by it
      // (backup.ts). The form's twelve columns are judged by the form's own rules
      // (src/contract/registrationSchema.ts), which the database cannot run.
      //
      // First the rows already stored are brought within the rules, nothing dropped. A sign-in
      // subject over 255 characters (OpenID Connect Core §2; a misconfigured provider's) is cut
      // and keeps its SHA-256, so that it still names one person everywhere it stands.
      `CREATE OR REPLACE FUNCTION pg_temp.bounded_subject(subject text) RETURNS text LANGUAGE sql IMMUTABLE
        RETURN CASE WHEN char_length(subject) <= 255 THEN subject
          ELSE left(subject, 190) || '~' || encode(sha256(convert_to(subject, 'UTF8')), 'hex') END`,
      `CREATE OR REPLACE FUNCTION pg_temp.bounded_text(value text, length integer) RETURNS text
        LANGUAGE sql IMMUTABLE
        RETURN CASE WHEN char_length(value) <= length THEN value
          ELSE left(value, length - 1) || '…' END`,
      `UPDATE staff_members SET subject = pg_temp.bounded_subject(subject),
        name = pg_temp.bounded_text(name, 320), email = pg_temp.bounded_text(email, 320)
        WHERE char_length(subject) > 255 OR char_length(name) > 320 OR char_length(email) > 320`,
      `UPDATE staff_sessions SET subject = pg_temp.bounded_subject(subject)
        WHERE char_length(subject) > 255`,
      `UPDATE registrations SET assignee = pg_temp.bounded_subject(assignee)
        WHERE char_length(assignee) > 255`,
      `UPDATE registration_notes SET author = pg_temp.bounded_subject(author)
        WHERE char_length(author) > 255`,
      `UPDATE registration_history SET actor = pg_temp.bounded_subject(actor)
        WHERE char_length(actor) > 255`,
      `UPDATE registration_history
        SET from_value = CASE WHEN char_length(from_value #>> '{}') > 255
            THEN to_jsonb(pg_temp.bounded_subject(from_value #>> '{}')) ELSE from_value END,
          to_value = CASE WHEN char_length(to_value #>> '{}') > 255
            THEN to_jsonb(pg_temp.bounded_subject(to_value #>> '{}')) ELSE to_value END
        WHERE type = 'assignee'
          AND (char_length(from_value #>> '{}') > 255 OR char_length(to_value #>> '{}') > 255)`,
      // A control character in a note (earlier releases took C1 and bidirectional ones) becomes
      // U+FFFD: the note is kept, and shows where something was taken out. A lone carriage
      // return was meant as a line break, and becomes one.
      `UPDATE registration_notes
        SET text = regexp_replace(regexp_replace(text, '${loneCarriageReturn}', E'\\n', 'g'),
          '${noteControlCharacters}', U&'\\FFFD', 'g')
        WHERE text ~ '${noteControlCharacters}' OR text ~ '${loneCarriageReturn}'`,
      `UPDATE api_tokens SET created_by = pg_temp.bounded_text(created_by, 320)
        WHERE char_length(created_by) > 320`,
      `UPDATE audit_log SET command = pg_temp.bounded_text(command, 50),
        os_user = pg_temp.bounded_text(os_user, 320), details = pg_temp.bounded_text(details, 1000)
        WHERE char_length(command) > 50 OR char_length(os_user) > 320 OR char_length(details) > 1000`,
      `ALTER TABLE registrations
        ADD CONSTRAINT registrations_reference_check CHECK (reference ~ '^[2-9A-HJKMNP-Z]{8}$'),
        ADD CONSTRAINT registrations_language_check CHECK (language IN ('sv', 'en')),
        ADD CONSTRAINT registrations_state_check
          CHECK (state IN ('new', 'in-progress', 'waiting', 'done')),
        ADD CONSTRAINT registrations_assignee_check CHECK (${subjectRule('assignee')}),
        ADD CONSTRAINT registrations_version_check CHECK (version > 0)`,
      'ALTER TABLE outbox ADD CONSTRAINT outbox_attempts_check CHECK (attempts >= 0)',
      `ALTER TABLE staff_members
        ADD CONSTRAINT staff_members_subject_check CHECK (${subjectRule('subject')}),
        ADD CONSTRAINT staff_members_name_check CHECK (char_length(name) <= 320),
        ADD CONSTRAINT staff_members_email_check CHECK (char_length(email) <= 320),
        ADD CONSTRAINT staff_members_programmes_check CHECK (programmes <@ ${programmes})`,
      `ALTER TABLE registration_notes
        ADD CONSTRAINT registration_notes_author_check CHECK (${subjectRule('author')}),
        ADD CONSTRAINT registration_notes_text_check CHECK (char_length(text) <= 2000
          AND text ~ '\\S' AND text !~ '${noteControlCharacters}'
          AND text !~ '${loneCarriageReturn}')`,
      // The applicant's own corrections are the empty actor (server/console/history.ts).
      `ALTER TABLE registration_history
        ADD CONSTRAINT registration_history_actor_check CHECK (char_length(actor) <= 255),
        ADD CONSTRAINT registration_history_type_check
          CHECK (type IN ('state', 'assignee', 'correction')),
        ADD CONSTRAINT registration_history_field_check CHECK (field IN (${fields})),
        ADD CONSTRAINT registration_history_from_value_check CHECK (${changedValueRule('from_value')}),
        ADD CONSTRAINT registration_history_to_value_check CHECK (${changedValueRule('to_value')})`,
      `ALTER TABLE api_tokens
        ADD CONSTRAINT api_tokens_name_check CHECK (char_length(name) BETWEEN 1 AND 100),
        ADD CONSTRAINT api_tokens_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        ADD CONSTRAINT api_tokens_programmes_check CHECK (programmes <@ ${programmes}),
        ADD CONSTRAINT api_tokens_created_by_check CHECK (char_length(created_by) <= 320)`,
      `ALTER TABLE registration_transfers ADD CONSTRAINT registration_transfers_external_id_check
        CHECK (char_length(external_id) BETWEEN 1 AND 100)`,
      `ALTER TABLE erasures
        ADD CONSTRAINT erasures_reference_check CHECK (reference ~ '^[2-9A-HJKMNP-Z]{8}$'),
        ADD CONSTRAINT erasures_degree_program_check CHECK (degree_program = ANY (${programmes}))`,
      `ALTER TABLE audit_log
        ADD CONSTRAINT audit_log_command_check CHECK (char_length(command) <= 50),
        ADD CONSTRAINT audit_log_os_user_check CHECK (char_length(os_user) <= 320),
        ADD CONSTRAINT audit_log_details_check CHECK (char_length(details) <= 1000),
        ADD CONSTRAINT audit_log_row_count_check CHECK (row_count >= 0)`,
      'DROP FUNCTION pg_temp.bounded_subject(text)',
      'DROP FUNCTION pg_temp.bounded_text(text, integer)',
    ],
  },
  {
    version: 20,
    description: "the applicant's corrections counted per day",
    statements: [
      // The applicant's corrections of a registration in the day that began with the first of
      // them (server/applicant/corrections.ts): counted, and refused beyond
      // APPLICANT_CORRECTIONS_PER_DAY, in the one statement that checks it. A table of its own,
      // so that counting one writes nothing to the registration (its feed, its indexes). New: a
      // previous release beside this one neither reads nor writes it.
      `CREATE TABLE applicant_corrections (
        registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
        day_began_at timestamptz NOT NULL DEFAULT now(),
        corrections integer NOT NULL DEFAULT 0
      )`,
    ],
  },
  {
    version: 21,
    description: 'moves between programmes recorded, reported as erasures',
    statements: [
      // A registration moved to another programme leaves the systems that may read only the old
      // one: those must erase their copy too (GDPR Art. 19), as for an erasure, so the erasures
      // feed lists it for a token of the old programme but not the new (registrationFeed.ts).
      // Apart from erasures, whose id is the registration's: a registration may move more than
      // once, and be erased afterwards. No personal data; kept as long as the erasures.
      `CREATE TABLE registration_moves (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL,
        reference text NOT NULL,
        from_program text NOT NULL,
        to_program text NOT NULL,
        moved_at timestamptz NOT NULL DEFAULT now(),
        moved_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
      )`,
      `ALTER TABLE registration_moves
        ADD CONSTRAINT registration_moves_reference_check
          CHECK (reference ~ '^[2-9A-HJKMNP-Z]{8}$'),
        ADD CONSTRAINT registration_moves_from_program_check
          CHECK (from_program = ANY (${programmes})),
        ADD CONSTRAINT registration_moves_to_program_check CHECK (to_program = ANY (${programmes}))`,
      'CREATE INDEX registration_moves_change ON registration_moves (moved_xid, registration_id)',
      'CREATE INDEX registration_moves_moved_at ON registration_moves (moved_at)',
      // Every writer's move, the previous release's too on a shared PostgreSQL, in its
      // transaction: recorded, and a registration.erased event queued for each webhook that
      // wants the old programme but not the new (the payload of an erasure's, with the old
      // programme; server/webhooks/webhookEvents.ts). A webhook of all programmes keeps seeing it.
      `CREATE FUNCTION registration_moved() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO registration_moves (registration_id, reference, from_program, to_program)
            VALUES (OLD.id, OLD.reference, OLD.degree_program, NEW.degree_program);
          INSERT INTO webhook_deliveries
            (webhook_id, event_type, registration_id, reference, degree_program, payload)
          SELECT webhooks.id, 'registration.erased', OLD.id, OLD.reference, OLD.degree_program,
            json_build_object('type', 'registration.erased',
              'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'data', json_build_object('id', OLD.id, 'reference', OLD.reference,
                'degreeProgram', OLD.degree_program))
          FROM webhooks WHERE webhooks.deleted_at IS NULL
            AND 'registration.erased' = ANY(webhooks.events)
            AND OLD.degree_program = ANY(webhooks.programmes)
            AND NOT NEW.degree_program = ANY(webhooks.programmes)
          ORDER BY webhooks.id;
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER registrations_moved AFTER UPDATE OF degree_program ON registrations
        FOR EACH ROW WHEN (OLD.degree_program IS DISTINCT FROM NEW.degree_program)
        EXECUTE FUNCTION registration_moved()`,
    ],
  },
  {
    version: 22,
    description: 'no control character in any stored text but a note (older rows cleaned)',
    statements: [
      // No stored text but a note holds a control character, as a restore checks (a sign-in's
      // name claim with a direction mark made every backup after it unrestorable). Rows stored
      // before are cleaned first, nothing dropped: white space (a tab, a line break) becomes a
      // space, and every other control character U+FFFD, which shows where one was taken out.
      ...Object.entries(printableColumns).flatMap(([table, columns]) => [
        `UPDATE ${table} SET ${columns
          .map(
            (column) => `${column} = regexp_replace(regexp_replace(${column},
              '[\\t\\n\\v\\f\\r\\x85\\u2028\\u2029]', ' ', 'g'), '${controlCharacters}', U&'\\FFFD', 'g')`,
          )
          .join(', ')}
          WHERE ${columns.map((column) => `${column} ~ '${controlCharacters}'`).join(' OR ')}`,
        `ALTER TABLE ${table} ${columns
          .map(
            (column) =>
              `ADD CONSTRAINT ${table}_${column}_printable CHECK (${column} !~ '${controlCharacters}')`,
          )
          .join(', ')}`,
      ]),
    ],
  },
  {
    version: 23,
    description:
      'possible duplicates by a similar name and the birthday, or the phone; resolved by staff',
    statements: [
      // A name's words as compared: accents and case dropped, the form's punctuation (set A's
      // , . ' & / + ! -) a space, so that "Karl-Johan" and "karl johan" are the same words.
      `CREATE FUNCTION registration_name_words(name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN btrim(regexp_replace(lower(regexp_replace(
          normalize(name, NFD), '[\u0300-\u036f]', '', 'g')), '[ ,.''&/+!-]+', ' ', 'g'))`,
      // Two first names, or two last names, alike: one's words all among the other's (a second
      // first name or a double surname left out), or trigram similarity 0.6 or more (a letter
      // doubled, dropped or changed in a longer name: Mattsson and Matsson 0.7) unless one is the
      // other's feminine form (Mikael and Mikaela 0.67, Viktor and Viktoria: twins). Trigrams
      // rather than an edit distance: a distance of one joins Anna and Anni (twins' names as
      // often as a typo), where trigrams weigh a letter by the length of the name it is in.
      // Measured on the labelled pairs of testing/duplicatePairs.ts, printed by npm run bench:staff.
      `CREATE FUNCTION registration_names_alike(one text, other text) RETURNS boolean
        LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN (similarity(one, other) >= 0.6
            AND other NOT IN (one || 'a', one || 'ia') AND one NOT IN (other || 'a', other || 'ia'))
          OR string_to_array(one, ' ') <@ string_to_array(other, ' ')
          OR string_to_array(one, ' ') @> string_to_array(other, ' ')`,
      // One person by name: first names alike and last names alike, or the two swapped (the
      // last name typed in the first name's field). The whole name's similarity could not tell
      // a first name left out (Anna Maria Virtanen, Anna Virtanen: 0.70) from a sister's
      // (Anna Virtanen, Anni Virtanen: 0.75). PL/pgSQL, so that each name's words are made once a
      // call: inlined, SQL would make them anew for each of the eight comparisons.
      `CREATE FUNCTION registration_people_alike(first_name text, last_name text,
          other_first_name text, other_last_name text) RETURNS boolean
        LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
        DECLARE
          first text := registration_name_words(first_name);
          last text := registration_name_words(last_name);
          other_first text := registration_name_words(other_first_name);
          other_last text := registration_name_words(other_last_name);
        BEGIN
          RETURN (registration_names_alike(first, other_first)
              AND registration_names_alike(last, other_last))
            OR (registration_names_alike(first, other_last)
              AND registration_names_alike(last, other_first));
        END
      $$`,
      // A phone number as dialled: its digits, +358 (or 00358, with or without the trunk 0) as 0.
      `CREATE FUNCTION registration_phone(phone text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN regexp_replace(regexp_replace(
          regexp_replace(phone, '[^0-9+]', '', 'g'), '^\\+', '00'), '^003580?', '0')`,
      // What pairing looks up at each stored batch: a birthday's registrations (some thirty at
      // 100,000) and a phone's, each by an index, as the email's by registrations_mailbox_day.
      'CREATE INDEX registrations_birthday ON registrations (birthday)',
      'CREATE INDEX registrations_phone ON registrations (registration_phone(phone_number))',
      // Migration 17's function, by these rules: the same birthday and the people alike, the
      // same email (any letter case), or the same phone. The lock, per birthday and per phone,
      // makes a transaction storing a similar person wait for the other's COMMIT and then see it
      // (the email's is the store's lock per mailbox). An older release beside this one stores
      // through this function too: the database pairs for both.
      `CREATE OR REPLACE FUNCTION pair_registration_duplicates(ids integer[]) RETURNS void
        LANGUAGE sql VOLATILE AS $$
        SELECT pg_advisory_xact_lock(7301956, key) FROM (
          SELECT DISTINCT key FROM registrations AS one,
            LATERAL (VALUES (hashtext(one.birthday)),
              (hashtext(registration_phone(one.phone_number)))) AS keys (key)
          WHERE one.id = ANY(ids) AND cardinality(ids) <= 256 ORDER BY key
        ) AS keys;
        INSERT INTO registration_duplicates (registration_id, other_id, other_degree_program)
        SELECT pair.id, pair.other_id, pair.other_degree_program
        FROM registrations AS one,
          LATERAL (
            SELECT id, degree_program FROM registrations AS other
            WHERE other.birthday = one.birthday AND other.id <> one.id
              AND registration_people_alike(one.first_name, one.last_name,
                other.first_name, other.last_name)
            UNION
            SELECT id, degree_program FROM registrations AS other
            WHERE hashtext(registration_mailbox(other.email)) = hashtext(registration_mailbox(one.email))
              AND lower(other.email) = lower(one.email) AND other.id <> one.id
            UNION
            SELECT id, degree_program FROM registrations AS other
            WHERE registration_phone(other.phone_number) = registration_phone(one.phone_number)
              AND other.id <> one.id
          ) AS other,
          LATERAL (VALUES (one.id, other.id, other.degree_program),
            (other.id, one.id, one.degree_program)) AS pair (id, other_id, other_degree_program)
        WHERE one.id = ANY(ids)
        ON CONFLICT DO NOTHING;
      $$`,
      // A corrected phone pairs anew too.
      'DROP TRIGGER registration_duplicates_corrected ON registrations',
      `CREATE TRIGGER registration_duplicates_corrected
        AFTER UPDATE OF first_name, last_name, birthday, phone_number, email, degree_program
        ON registrations FOR EACH ROW EXECUTE FUNCTION pair_corrected_registration()`,
      // The rows stored before, paired by these rules; every pair of the old ones is one of them.
      'SELECT pair_registration_duplicates(ARRAY(SELECT id FROM registrations))',
      // The staff's word on a pair (server/console/duplicateReviews.ts): not the same person,
      // handled (merged by hand, or withdrawn), or open again; each a row, both ways, so that
      // each half's timeline reads its own. The latest one of a pair holds. Kept apart from the
      // pairs, which a correction makes anew; gone with either registration. New: an older
      // release beside this one neither reads nor writes it, and marks every pair.
      `CREATE TABLE registration_duplicate_reviews (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        other_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        resolution text NOT NULL CHECK (resolution IN ('different', 'handled', 'open')),
        actor text NOT NULL CHECK (${subjectRule('actor')} AND actor !~ '${controlCharacters}'),
        at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX registration_duplicate_reviews_pair
        ON registration_duplicate_reviews (registration_id, other_id, id)`,
      'CREATE INDEX registration_duplicate_reviews_other ON registration_duplicate_reviews (other_id)',
    ],
  },
  {
    version: 24,
    description: "registrations the applicant withdrew, as their assignee's console shows them",
    statements: [
      // What the assignee still needs once the applicant has withdrawn (the row and every personal
      // value gone): that it was withdrawn, when, and whose it was. The registration's id, so that
      // its old address still answers; no reference, no name. Kept as long as the erasures.
      `CREATE TABLE registration_withdrawals (
        id integer PRIMARY KEY,
        degree_program text NOT NULL CHECK (degree_program = ANY (${programmes})),
        assignee text CHECK (${subjectRule('assignee')} AND assignee !~ '${controlCharacters}'),
        withdrawn_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX registration_withdrawals_assignee ON registration_withdrawals (assignee)',
      'CREATE INDEX registration_withdrawals_withdrawn_at ON registration_withdrawals (withdrawn_at)',
    ],
  },
  {
    version: 25,
    description: "the applicant's withdrawal notice names the registration it was",
    statements: [
      // A withdrawal's notice outlives its registration: it keeps the reference, programme and
      // first name it names, with the address, until it is sent (the other notices read them
      // from the registration). Nullable: a previous release beside this one queues without them.
      `ALTER TABLE applicant_mail ADD COLUMN reference text, ADD COLUMN degree_program text,
        ADD COLUMN first_name text`,
    ],
  },
  {
    version: 26,
    description: "the office's information requests to the applicant, and their mail",
    statements: [
      // What the office asked the applicant (issue 44): which fields, a message with a note's
      // rules, by which day (in TIME_ZONE). One open request a registration: a new one replaces
      // it (withdrawn_at). Erased with the registration; the message goes to the applicant alone.
      // The deadline is a day in TIME_ZONE as the API writes it: a date column would cross the
      // drivers and the backup as an instant.
      `CREATE TABLE registration_requests (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        requested_by text NOT NULL
          CHECK (${subjectRule('requested_by')} AND requested_by !~ '${controlCharacters}'),
        requested_at timestamptz NOT NULL DEFAULT now(),
        fields text[] NOT NULL CHECK (fields <@ ARRAY[${fields}]::text[]),
        message text NOT NULL CHECK (char_length(message) <= 2000 AND message ~ '\\S'
          AND message !~ '${noteControlCharacters}' AND message !~ '${loneCarriageReturn}'),
        deadline text NOT NULL
          CHECK (deadline ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$'),
        reminded_at timestamptz,
        answered_at timestamptz,
        withdrawn_at timestamptz,
        withdrawn_by text
          CHECK (${subjectRule('withdrawn_by')} AND withdrawn_by !~ '${controlCharacters}'),
        CHECK (answered_at IS NULL OR withdrawn_at IS NULL)
      )`,
      `CREATE UNIQUE INDEX registration_requests_open ON registration_requests (registration_id)
        WHERE answered_at IS NULL AND withdrawn_at IS NULL`,
      // The overview's overdue count and the reminders find the open requests by their deadline.
      `CREATE INDEX registration_requests_deadline ON registration_requests (deadline)
        WHERE answered_at IS NULL AND withdrawn_at IS NULL`,
      // A request's mail reads its message and deadline when it is sent.
      `ALTER TABLE applicant_mail
        ADD COLUMN request_id integer REFERENCES registration_requests (id) ON DELETE CASCADE`,
    ],
  },
  {
    version: 27,
    description: "the applicant's correction notice names the fields corrected",
    statements: [
      // Their names only, never the values. Nullable: a previous release queues without them.
      'ALTER TABLE applicant_mail ADD COLUMN fields text[]',
    ],
  },
  {
    version: 28,
    description: 'possible duplicates paired after the submission',
    statements: [
      // Migration 23 compared the names of every registration of the same birthday within the
      // INSERT that stored a batch: on PGlite at 30,000 rows that cost a stored submission 300 µs
      // more than migration 17's exact key, and bench:load fell by a fifth. A stored batch now
      // only notes its rows as due; the server pairs them a batch a second, and at once before
      // the console reads (server/db/duplicatePairing.ts). An older release's rows are noted too.
      `CREATE TABLE registration_pairing_due (
        registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE
      )`,
      `CREATE OR REPLACE FUNCTION pair_inserted_registrations() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO registration_pairing_due (registration_id) SELECT id FROM inserted;
          RETURN NULL;
        END
      $$`,
      // Migration 23's function, which now locks the email's key too, as a correction does
      // (pairingLocks.ts): the pairing no longer runs under the store's lock per mailbox.
      `CREATE OR REPLACE FUNCTION pair_registration_duplicates(ids integer[]) RETURNS void
        LANGUAGE sql VOLATILE AS $$
        SELECT pg_advisory_xact_lock(7301956, key) FROM (
          SELECT DISTINCT key FROM registrations AS one,
            LATERAL (VALUES (hashtext(one.birthday)),
              (hashtext(registration_phone(one.phone_number))), (hashtext(lower(one.email))))
              AS keys (key)
          WHERE one.id = ANY(ids) AND cardinality(ids) <= 256 ORDER BY key
        ) AS keys;
        INSERT INTO registration_duplicates (registration_id, other_id, other_degree_program)
        SELECT pair.id, pair.other_id, pair.other_degree_program
        FROM registrations AS one,
          LATERAL (
            SELECT id, degree_program FROM registrations AS other
            WHERE other.birthday = one.birthday AND other.id <> one.id
              AND registration_people_alike(one.first_name, one.last_name,
                other.first_name, other.last_name)
            UNION
            SELECT id, degree_program FROM registrations AS other
            WHERE hashtext(registration_mailbox(other.email)) = hashtext(registration_mailbox(one.email))
              AND lower(other.email) = lower(one.email) AND other.id <> one.id
            UNION
            SELECT id, degree_program FROM registrations AS other
            WHERE registration_phone(other.phone_number) = registration_phone(one.phone_number)
              AND other.id <> one.id
          ) AS other,
          LATERAL (VALUES (one.id, other.id, other.degree_program),
            (other.id, one.id, one.degree_program)) AS pair (id, other_id, other_degree_program)
        WHERE one.id = ANY(ids)
        ON CONFLICT DO NOTHING;
      $$`,
      // Pairs up to `most` due registrations (at most 256, as the function above locks), oldest
      // first, up to id `through` when given, and resolves with how many. Those another
      // transaction is pairing are waited for, so that a reader that paired finds every pair of
      // what was stored before it.
      `CREATE FUNCTION pair_due_registrations(most integer, through integer DEFAULT NULL)
        RETURNS integer
        LANGUAGE plpgsql AS $$
        DECLARE
          ids integer[];
        BEGIN
          WITH due AS (
            DELETE FROM registration_pairing_due WHERE registration_id IN (
              SELECT registration_id FROM registration_pairing_due
              WHERE through IS NULL OR registration_id <= through
              ORDER BY registration_id LIMIT least(most, 256) FOR UPDATE
            ) RETURNING registration_id
          )
          SELECT array_agg(registration_id) INTO ids FROM due;
          IF ids IS NULL THEN
            RETURN 0;
          END IF;
          PERFORM pair_registration_duplicates(ids);
          RETURN cardinality(ids);
        END
      $$`,
    ],
  },
  {
    version: 29,
    description: 'a registration may be in Finnish',
    statements: [
      // Wider only, so a previous release's rows and writes stay within it. NOT VALID keeps the
      // exclusive lock to a moment; VALIDATE then reads the table under a lock writes pass.
      `ALTER TABLE registrations DROP CONSTRAINT registrations_language_check,
        ADD CONSTRAINT registrations_language_check CHECK (language IN ('sv', 'en', 'fi')) NOT VALID`,
      'ALTER TABLE registrations VALIDATE CONSTRAINT registrations_language_check',
    ],
  },
  {
    version: 30,
    description: "a registration's latest information request found by an index",
    statements: [
      // The assignee's badge (server/console/answeredRequests.ts) reads each listed registration's
      // latest request; without it, each read every request.
      'CREATE INDEX registration_requests_registration ON registration_requests (registration_id, id)',
    ],
  },
];

/** Every schema version, in the order applied. */
export const schemaVersions = migrations.map(({ version }) => version);

/** The schema a fully migrated database has: a backup records it, a restore checks it. */
export const schemaVersion = schemaVersions[schemaVersions.length - 1];

/** What a migration run found and did: the schema version it began from (0: none), and each applied. */
export interface Migrated {
  from: number;
  applied: Pick<Migration, 'version' | 'description'>[];
}

/** Any constant shared by all instances; it names this application's migration lock. */
const migrationLockKey = 7_301_954;

/** The schema versions applied so far, under the migration lock held to the transaction's end. */
export async function appliedSchemaVersions(tx: Queryable): Promise<Set<number>> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
  await tx.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`,
  );
  const applied = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
  return new Set(applied.map((row) => row.version));
}

/**
 * Applies in `tx` the migrations not applied yet, up to `upTo`: a restore loads an earlier
 * release's backup at its own version, then applies the rest in the same transaction.
 */
export async function applyMigrations(tx: Queryable, upTo = schemaVersion): Promise<Migrated> {
  const applied = await appliedSchemaVersions(tx);
  const migrated: Migrated = { from: Math.max(0, ...applied), applied: [] };
  const pending = migrations.filter(({ version }) => !applied.has(version) && version <= upTo);
  if (pending.length > 0) await lockInOlderReleasesOrder(tx);
  for (const migration of pending) {
    for (const statement of migration.statements) await tx.query(statement);
    await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    migrated.applied.push({ version: migration.version, description: migration.description });
  }
  return migrated;
}

/**
 * The tables migrations alter that an older release serving beside this one locks together, in
 * the order it locks them: its mail claim holds applicant_mail and then reads registrations. A
 * migration run that altered registrations first and then waited for applicant_mail deadlocked
 * with it at every try (npm run test:upgrade); taken first, in its order, they are waited for.
 */
const tablesInOlderReleasesOrder = ['applicant_mail', 'registrations'];

async function lockInOlderReleasesOrder(tx: Queryable) {
  const present = await tx.query<{ name: string }>(
    `SELECT name FROM unnest($1::text[]) WITH ORDINALITY AS tables (name, n)
     WHERE to_regclass(name) IS NOT NULL ORDER BY n`,
    [tablesInOlderReleasesOrder],
  );
  // LOCK TABLE takes them in the order listed.
  const names = present.map(({ name }) => name).join(', ');
  if (names) await tx.query(`LOCK TABLE ${names} IN ACCESS EXCLUSIVE MODE`);
}

/** PostgreSQL's codes for a deadlock and for a lock not granted in time. */
const lockConflicts = new Set(['40P01', '55P03']);
const migrationAttempts = 5;

/**
 * Applies the pending migrations in one transaction. Should it still deadlock with an older
 * release's transaction (a correction locks registrations, then applicant_mail), PostgreSQL fails
 * the migration, which changed nothing and is tried again.
 */
export async function migrate(db: Database): Promise<Migrated> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => applyMigrations(tx));
    } catch (error) {
      const { code } = error as { code?: string };
      if (attempt === migrationAttempts || !lockConflicts.has(code ?? '')) throw error;
      await sleep(100 * attempt * Math.random());
    }
  }
}
