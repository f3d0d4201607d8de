/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * Token scope (server/integration/apiTokens.ts) through its exported functions, on an embedded
 * database at this schema version: which tokens open the integration API, until when, for which
 * programmes, and how the audit log names them.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../server/db/database';
import {
  authenticate,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  tokenActor,
} from '../../server/integration/apiTokens';
import {
  databaseTimeoutMs,
  makeMigratedDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

const hourMs = 3_600_000;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase(makeMigratedDataDir());
}, databaseTimeoutMs);

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

const inAnHour = () => new Date(Date.now() + hourMs).toISOString();

const lastUsedAt = async (id: number) =>
  (
    await database.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM api_tokens WHERE id = $1',
      [id],
    )
  )[0].last_used_at;

describe('createApiToken', () => {
  it('keeps only the hash of a new random token, the name trimmed, "all" as every programme', async () => {
    const expiresAt = inAnHour();
    const { id, token } = await createApiToken(
      database,
      { name: '  Sisu  ', programmes: 'all', expiresAt },
      'sso admin\u001b@example.fi',
    );
    expect(token).toMatch(/^sisreg_[A-Za-z0-9_-]{43}$/);
    const [row] = await database.query<Record<string, unknown>>(
      'SELECT name, token_hash, programmes, created_by, expires_at FROM api_tokens WHERE id = $1',
      [id],
    );
    expect(row).toEqual({
      name: 'Sisu',
      token_hash: createHash('sha256').update(token).digest('hex'),
      programmes: null,
      created_by: 'sso admin@example.fi',
      expires_at: new Date(expiresAt),
    });
    const second = await createApiToken(
      database,
      { name: 'Sisu', programmes: ['MIDS'], expiresAt },
      'cli',
    );
    expect(second.token).not.toBe(token);
  });
});

describe('listApiTokens', () => {
  it('lists every token newest first, as the console shows them, without the token', async () => {
    const expiresAt = inAnHour();
    const older = await createApiToken(
      database,
      { name: 'Older', programmes: ['IT', 'MIDS'], expiresAt },
      'sso older@example.fi',
    );
    const newer = await createApiToken(
      database,
      { name: 'Newer', programmes: 'all', expiresAt },
      'sso newer@example.fi',
    );
    const listed = await listApiTokens(database);
    expect(listed.map((token) => token.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(listed[1]).toEqual({
      id: older.id,
      name: 'Older',
      programmes: ['IT', 'MIDS'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdBy: 'sso older@example.fi',
      expiresAt: new Date(expiresAt).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(listed[0].programmes).toBe('all');
    expect(Math.abs(Date.parse(listed[0].createdAt) - Date.now())).toBeLessThan(60_000);

    await authenticate(database, newer.token, new Date());
    await revokeApiToken(database, newer.id);
    const [after] = await listApiTokens(database);
    expect(Date.parse(after.lastUsedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(after.revokedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('authenticate', () => {
  it('names the holder and the programmes of a known, live token; null for every programme', async () => {
    const now = new Date();
    const scoped = await createApiToken(
      database,
      { name: 'Scoped', programmes: ['EASE', 'MSE'], expiresAt: inAnHour() },
      'cli',
    );
    const all = await createApiToken(
      database,
      { name: 'All', programmes: 'all', expiresAt: inAnHour() },
      'cli',
    );
    expect(await authenticate(database, scoped.token, now)).toEqual({
      id: scoped.id,
      name: 'Scoped',
      programmes: ['EASE', 'MSE'],
    });
    expect(await authenticate(database, all.token, now)).toEqual({
      id: all.id,
      name: 'All',
      programmes: null,
    });
    expect(await authenticate(database, `${scoped.token}x`, now)).toBeUndefined();
    expect(await authenticate(database, '', now)).toBeUndefined();
  });

  it('refuses a token from the moment it expires', async () => {
    const expiresAt = new Date(Date.now() + hourMs);
    const { token } = await createApiToken(
      database,
      { name: 'Expiring', programmes: 'all', expiresAt: expiresAt.toISOString() },
      'cli',
    );
    expect(await authenticate(database, token, new Date(expiresAt.getTime() - 1))).toBeDefined();
    expect(await authenticate(database, token, expiresAt)).toBeUndefined();
    expect(await authenticate(database, token, new Date(expiresAt.getTime() + 1))).toBeUndefined();
  });

  it('refuses a revoked token, and keeps the first revocation', async () => {
    const { id, token } = await createApiToken(
      database,
      { name: 'Revoked', programmes: ['IT'], expiresAt: inAnHour() },
      'cli',
    );
    expect(await revokeApiToken(database, id)).toBe('Revoked');
    expect(await authenticate(database, token, new Date())).toBeUndefined();
    const revokedAt = async () =>
      (await listApiTokens(database)).find((candidate) => candidate.id === id)!.revokedAt;
    const first = await revokedAt();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await revokeApiToken(database, id)).toBe('Revoked');
    expect(await revokedAt()).toBe(first);
    expect(await revokeApiToken(database, 999_999)).toBeUndefined();
  });

  it('notes its last use at most once a minute', async () => {
    const { id, token } = await createApiToken(
      database,
      { name: 'Busy', programmes: 'all', expiresAt: inAnHour() },
      'cli',
    );
    const start = new Date(Date.now() - 10 * 60_000);
    await authenticate(database, token, start);
    expect(await lastUsedAt(id)).toEqual(start);
    await authenticate(database, token, new Date(start.getTime() + 59_999));
    expect(await lastUsedAt(id)).toEqual(start);
    const aMinuteOn = new Date(start.getTime() + 60_000);
    await authenticate(database, token, aMinuteOn);
    expect(await lastUsedAt(id)).toEqual(aMinuteOn);
  });
});

describe('tokenActor', () => {
  it('names a token by its name, quoted, and its id', () => {
    expect(tokenActor({ id: 7, name: 'Sisu "prod"', programmes: null })).toBe(
      'api token "Sisu \\"prod\\"" (#7)',
    );
  });
});
