/** @jest-environment node */
/**
 * The migrations are history and name their columns themselves; the store derives its columns
 * from the field model. These tests hold the two together, so that a new field cannot be stored
 * without a migration nor deduplicated on the wrong columns.
 */
import type { Database } from '../../server/db/database';
import { applyMigrations, migrate } from '../../server/db/migrations';
import { pairAllDue } from '../../server/db/duplicatePairing';
import { countMailboxToday, formColumns } from '../../server/db/registrations';
import { fieldNames, isStringField } from '../../src/contract/fields';
import { validValues } from '../../testing/registrations';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database);
});

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

describe('the migrated registrations table', () => {
  it('has one NOT NULL column of the right type per field of the model', async () => {
    const columns = await database.query<{ name: string; type: string; nullable: string }>(
      `SELECT column_name AS name, data_type AS type, is_nullable AS nullable
       FROM information_schema.columns WHERE table_name = 'registrations'`,
    );
    const byName = new Map(columns.map((column) => [column.name, column]));
    fieldNames.forEach((field, index) => {
      expect(byName.get(formColumns[index])).toEqual({
        name: formColumns[index],
        type: isStringField(field) ? 'text' : 'boolean',
        nullable: 'NO',
      });
    });
    const processing = ['state', 'assignee', 'version', 'name_birthday_key'];
    const integration = ['updated_at', 'change_xid'];
    expect(columns.map((column) => column.name).sort()).toEqual(
      [
        'id',
        'reference',
        'language',
        'created_at',
        ...formColumns,
        ...processing,
        ...integration,
      ].sort(),
    );
  });

  it('keys a name and birthday with case and accents ignored, for the possible duplicates', async () => {
    const keys = await database.query<{ key: string }>(
      `SELECT registration_name_birthday_key(first, last, '01.02.2003') AS key
       FROM (VALUES ('Åsa', 'Nyström'), ('ÅSA', 'NYSTROM'), ('asa', 'nystrom'),
         ('Éloïse', 'Çelik'), ('ELOISE', 'celik')) AS names (first, last)`,
    );
    expect(keys.map(({ key }) => key)).toEqual([
      'asa|nystrom|01.02.2003',
      'asa|nystrom|01.02.2003',
      'asa|nystrom|01.02.2003',
      'eloise|celik|01.02.2003',
      'eloise|celik|01.02.2003',
    ]);
  });

  it('has a unique index on exactly the form columns, the target of ON CONFLICT', async () => {
    const indexes = await database.query<{ columns: string[] }>(
      `SELECT array_agg(a.attname ORDER BY k.ordinality)::text[] AS columns
       FROM pg_index i
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality) ON true
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
       WHERE i.indrelid = 'registrations'::regclass AND i.indisunique AND NOT i.indisprimary
       GROUP BY i.indexrelid`,
    );
    expect(indexes.map((index) => [...index.columns].sort())).toEqual(
      expect.arrayContaining([[...formColumns].sort()]),
    );
  });

  it('has a unique index on the reference code, which staff find a row by', async () => {
    const [{ unique }] = await database.query<{ unique: boolean }>(
      `SELECT indisunique AS unique FROM pg_index
       WHERE indexrelid = 'registrations_reference'::regclass`,
    );
    expect(unique).toBe(true);
  });

  it("counts a mailbox's registrations of the day without reading the day's others", async () => {
    // A deadline day: every registration arrived in the past 24 hours, each from its own mailbox.
    await database.query(
      `INSERT INTO registrations (${formColumns.join(', ')})
       SELECT 'Bench ' || n, 'Nyström', to_char(date '1990-01-01' + n, 'DD.MM.YYYY'),
         '+358 40 ' || lpad(n::text, 7, '0'), 'bench.' || n || '@example.fi',
         'Sjögatan 12', '00100', 'Helsingfors', 'Finland', '2025', 'IT', true
       FROM generate_series(1, 3000) AS n`,
    );
    // Counted for each of 100 mailboxes, as the insert counts for each registration it stores.
    const [explained] = await database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       SELECT (${countMailboxToday('stored.mailbox')})
       FROM (SELECT 'bench.' || n || '@example.fi' AS mailbox FROM generate_series(1, 100) AS n) AS stored`,
    );
    const blocksPerMailbox = sharedBlocks(explained['QUERY PLAN'][0].Plan) / 100;
    expect(blocksPerMailbox).toBeLessThan(5);
  });
});

describe('a change of processing', () => {
  /** The table's updates so far, and those of them written in place. */
  async function updateCounts() {
    await database.query('SELECT pg_stat_force_next_flush()');
    const [counts] = await database.query<{ updated: number; inPlace: number }>(
      `SELECT n_tup_upd::integer AS updated, n_tup_hot_upd::integer AS "inPlace"
       FROM pg_stat_user_tables WHERE relname = 'registrations'`,
    );
    return counts;
  }

  it('is written in place (a HOT update): no index covers what it changes', async () => {
    await database.query(
      `INSERT INTO registrations (${formColumns.join(', ')})
       VALUES ('Ina', 'Plats', '01.02.2003', '+358 40 123 4567', 'in.place@example.com',
         'Sjögatan 12', '00100', 'Helsingfors', 'Finland', '2025', 'IT', true)`,
    );
    const before = await updateCounts();
    await database.query(
      `UPDATE registrations SET state = 'done', assignee = 'someone', version = version + 1
       WHERE email = 'in.place@example.com'`,
    );
    const after = await updateCounts();
    expect(after.updated - before.updated).toBe(1);
    expect(after.inPlace - before.inPlace).toBe(1);
  });
});

describe('migration 13', () => {
  it('pairs the possible duplicates stored before it, both ways', async () => {
    const earlier = await openTestDatabase();
    try {
      await earlier.transaction((tx) => applyMigrations(tx, 9));
      const store = (firstName: string, lastName: string, email: string) =>
        earlier.query<{ id: number }>(
          `INSERT INTO registrations (${formColumns.join(', ')})
           VALUES (${formColumns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
          fieldNames.map(
            (name) => ({ ...validValues, firstName, lastName, email })[name] as unknown,
          ),
        );
      const [[asa], [asaAgain], [mira], [miraAgain], [pia]] = await Promise.all([
        store('Åsa', 'Nyström', 'asa.one@example.edu'),
        store('ÅSA', 'NYSTROM', 'asa.two@example.edu'),
        store('Mira', 'Berg', 'mira@example.edu'),
        store('Emil', 'Berg', 'MIRA@example.edu'),
        store('Pia', 'Berg', 'pia@example.edu'),
      ]);
      await earlier.transaction((tx) => applyMigrations(tx, 13));
      const pairs = await earlier.query<{ one: number; other: number }>(
        `SELECT registration_id AS one, other_id AS other FROM registration_duplicates
         ORDER BY 1, 2`,
      );
      expect(pairs).toEqual(
        [
          [asa.id, asaAgain.id],
          [asaAgain.id, asa.id],
          [mira.id, miraAgain.id],
          [miraAgain.id, mira.id],
        ]
          .map(([one, other]) => ({ one, other }))
          .sort((a, b) => a.one - b.one || a.other - b.other),
      );
      expect(pairs.flatMap(({ one, other }) => [one, other])).not.toContain(pia.id);
    } finally {
      await earlier.close();
    }
  });
});

describe('migration 23', () => {
  it('pairs the rows stored before it by a similar name and the birthday, or the phone', async () => {
    const earlier = await openTestDatabase();
    try {
      await earlier.transaction((tx) => applyMigrations(tx, 22));
      const store = (values: Partial<typeof validValues>) =>
        earlier.query<{ id: number }>(
          `INSERT INTO registrations (${formColumns.join(', ')})
           VALUES (${formColumns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
          fieldNames.map((name) => ({ ...validValues, ...values })[name] as unknown),
        );
      const [[karlJohan], [again], [younger], [lina], [mats]] = await Promise.all([
        store({
          firstName: 'Karl-Johan',
          lastName: 'Mattsson',
          phoneNumber: '040 1',
          email: 'kj@example.edu',
        }),
        store({
          firstName: 'Karl Johan',
          lastName: 'Matsson',
          phoneNumber: '040 2',
          email: 'kj2@example.edu',
        }),
        store({
          firstName: 'Karl Johan',
          lastName: 'Matsson',
          birthday: '28.02.2001',
          phoneNumber: '040 3',
          email: 'kj3@example.edu',
        }),
        store({
          firstName: 'Lina',
          lastName: 'Berg',
          phoneNumber: '+358 44 5',
          email: 'lina@example.edu',
        }),
        store({
          firstName: 'Mats',
          lastName: 'Ek',
          birthday: '01.01.1990',
          phoneNumber: '044 5',
          email: 'mats@example.edu',
        }),
      ]);
      await migrate(earlier);
      const pairs = await earlier.query<{ one: number; other: number }>(
        `SELECT registration_id AS one, other_id AS other FROM registration_duplicates
         WHERE registration_id < other_id ORDER BY 1, 2`,
      );
      expect(pairs).toEqual([
        { one: karlJohan.id, other: again.id },
        { one: lina.id, other: mats.id },
      ]);
      expect(pairs.flatMap(({ one, other }) => [one, other])).not.toContain(younger.id);
    } finally {
      await earlier.close();
    }
  });

  it('pairs a stored registration, after the submission, through its indexes, not by reading every row', async () => {
    await database.query(
      `INSERT INTO registrations (${formColumns.join(', ')})
       SELECT 'Pair ' || n, 'Testinen', to_char(date '1980-01-01' + n, 'DD.MM.YYYY'),
         '+358 50 ' || lpad(n::text, 7, '0'), 'pair.' || n || '@example.fi',
         'Sjögatan 12', '00100', 'Helsingfors', 'Finland', '2025', 'IT', true
       FROM generate_series(1, 3000) AS n`,
    );
    await pairAllDue(database);
    /**
     * The blocks of the table and its B-tree indexes read so far (the search's trigram indexes
     * move their pending entries in at times, reading thousands).
     */
    const scans = async () => {
      await database.query('SELECT pg_stat_force_next_flush()');
      const [counts] = await database.query<{ read: number }>(
        `SELECT (SELECT heap_blks_hit + heap_blks_read FROM pg_statio_user_tables
             WHERE relname = 'registrations')
           + (SELECT sum(idx_blks_hit + idx_blks_read) FROM pg_statio_user_indexes
             JOIN pg_class ON pg_class.oid = indexrelid JOIN pg_am ON pg_am.oid = relam
             WHERE pg_statio_user_indexes.relname = 'registrations' AND amname = 'btree')
           AS read`,
      );
      return Number(counts.read);
    };
    // Twice: a busy machine flushes the bulk insert's counts late, into the first reading.
    await scans();
    const before = await scans();
    await database.query(
      `INSERT INTO registrations (${formColumns.join(', ')})
       VALUES ('Pair', 'Testinen', '02.01.1980', '050 0000001', 'pair.again@example.fi',
         'Sjögatan 12', '00100', 'Helsingfors', 'Finland', '2025', 'IT', true)`,
    );
    await pairAllDue(database);
    // 56 blocks with the birthday's and the phone's indexes; 716 without the birthday's.
    expect((await scans()) - before).toBeLessThan(200);
    const [{ count }] = await database.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM registration_duplicates
       JOIN registrations ON registrations.id = registration_id
       WHERE registrations.email = 'pair.again@example.fi'`,
    );
    expect(count).toBe(1);
  });
});
interface PlanNode {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** The blocks the plan's top node read, its children's included. */
const sharedBlocks = (node: PlanNode) => node['Shared Hit Blocks'] + node['Shared Read Blocks'];
