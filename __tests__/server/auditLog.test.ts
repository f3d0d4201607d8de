/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * The audit log that records every read (server/operations/auditLog.ts), through its exported
 * functions, on an embedded database at this schema version.
 */
import { createHmac } from 'node:crypto';
import type { Database } from '../../server/db/database';
import {
  auditText,
  auditTextLimits,
  quotedWithin,
  readAuditLog,
  readAuditLogPage,
  recordAudit,
  subjectHash,
} from '../../server/operations/auditLog';
import {
  databaseTimeoutMs,
  makeMigratedDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

describe('auditText', () => {
  it('keeps a text within its limit as it is', () => {
    expect(auditText('open', 4)).toBe('open');
    expect(auditText('', 4)).toBe('');
  });

  it('cuts a longer text to the limit, the last unit an ellipsis', () => {
    expect(auditText('exported', 5)).toBe('expo…');
    expect(auditText('exported', 5)).toHaveLength(5);
  });

  it('never cuts a character in two', () => {
    // 😀 is two UTF-16 units: with one left before the ellipsis it is left out whole.
    expect(auditText('ab😀cd', 4)).toBe('ab…');
    expect(auditText('ab😀cd', 5)).toBe('ab😀…');
  });

  it('takes out control characters before it counts', () => {
    expect(auditText('a\u001b[2Jb\r\nc\u202ed', 7)).toBe('a[2Jbcd');
    expect(auditText('a\u001b[2Jb\r\nc\u202ed', 6)).toBe('a[2Jb…');
    expect(auditText('ok\n', 2)).toBe('ok');
  });

  it('has limits as wide as the columns a restore accepts', () => {
    expect(auditTextLimits).toEqual({ command: 50, os_user: 320, details: 1000 });
  });
});

describe('quotedWithin', () => {
  it('quotes a text that fits as it is', () => {
    expect(quotedWithin('ab', 5)).toBe('"ab"');
    expect(quotedWithin('', 2)).toBe('""');
    expect(quotedWithin('a\\b', 7)).toBe('"a\\\\b"');
  });

  it('cuts a text that does not, counting its quotes and escapes', () => {
    expect(quotedWithin('abcdef', 6)).toBe('"abc…"');
    expect(quotedWithin('a"bcdef', 7)).toBe('"a\\"b…"');
    expect(quotedWithin('abc', 4)).toBe('"a…"');
  });
});

describe('subjectHash', () => {
  it('is the same for an address however it is written, and 32 hex digits', () => {
    const hash = subjectHash('secret', 'maija@example.fi');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(subjectHash('secret', '  Maija@Example.FI ')).toBe(hash);
  });

  it('differs between addresses and between secrets', () => {
    const hash = subjectHash('secret', 'maija@example.fi');
    expect(subjectHash('secret', 'matti@example.fi')).not.toBe(hash);
    expect(subjectHash('other secret', 'maija@example.fi')).not.toBe(hash);
  });

  it('is an HMAC under a key made from the secret, not the secret itself', () => {
    // As the log's earlier entries were written: any other would make them unmatchable.
    const key = createHmac('sha256', 'secret').update('audit-log subject').digest();
    const expected = createHmac('sha256', key).update('maija@example.fi').digest('hex');
    expect(subjectHash('secret', ' Maija@example.fi')).toBe(expected.slice(0, 32));
  });
});

describe('recording and reading', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(makeMigratedDataDir());
  }, databaseTimeoutMs);

  afterAll(async () => {
    await database?.close();
    removeTempDirs();
  });

  it('records who did what, without control characters, within the limits', async () => {
    await recordAudit(database, {
      command: 'list',
      rowCount: 3,
      actor: 'sso a@b.fi',
      details: 'page=1',
    });
    await recordAudit(database, {
      command: `open\u001b${'x'.repeat(60)}`,
      rowCount: 1,
      actor: `sso ${'y'.repeat(400)}\n`,
    });
    const [first, second] = await readAuditLog(database);
    expect(first).toEqual({
      at: expect.any(Date),
      command: 'list',
      rowCount: 3,
      actor: 'sso a@b.fi',
      details: 'page=1',
    });
    expect(Math.abs(first.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(second.command).toBe(`open${'x'.repeat(45)}…`);
    expect(second.actor).toHaveLength(auditTextLimits.os_user);
    expect(second.actor.startsWith('sso yyy')).toBe(true);
    expect(second.details).toBe('');
  });

  it('cuts details at their limit', async () => {
    await recordAudit(database, {
      command: 'export',
      rowCount: 0,
      actor: 'sso a@b.fi',
      details: 'd'.repeat(1200),
    });
    const log = await readAuditLog(database);
    expect(log.at(-1)!.details).toBe(`${'d'.repeat(999)}…`);
  });

  it('reads pages newest first, with the count of the whole log', async () => {
    for (const command of ['c1', 'c2', 'c3']) {
      await recordAudit(database, { command, rowCount: 0, actor: 'cli' });
    }
    const all = await readAuditLog(database);
    expect(all.map((record) => record.command)).toEqual([
      'list',
      expect.any(String),
      'export',
      'c1',
      'c2',
      'c3',
    ]);
    const page = await readAuditLogPage(database, { limit: 2, offset: 1 });
    expect(page.total).toBe(6);
    expect(page.items.map((record) => record.command)).toEqual(['c2', 'c1']);
    expect(page.items[0]).toEqual({
      at: expect.any(Date),
      command: 'c2',
      rowCount: 0,
      actor: 'cli',
      details: '',
    });
  });

  it('reads a page of one command, actor or time, each alone and together, paged', async () => {
    await database.query('DELETE FROM audit_log');
    const entries: [string, string, string][] = [
      ['open', 'https://idp|anna|a@x.fi', '2026-03-16T23:00:00Z'],
      ['open', 'https://idp|bo|b@x.fi', '2026-03-17T10:00:00Z'],
      ['change', 'https://idp|anna|a@x.fi', '2026-03-17T11:00:00Z'],
      ['open', 'the applicant (own link)', '2026-03-17T12:00:00Z'],
      ['open', 'https://idp|anna|a@x.fi', '2026-03-18T00:00:00Z'],
    ];
    for (const [command, actor, at] of entries) {
      await recordAudit(database, { command, rowCount: 0, actor, details: at });
      await database.query('UPDATE audit_log SET at = $1::timestamptz WHERE details = $1', [at]);
    }
    const times = async (
      filter: Parameters<typeof readAuditLogPage>[2],
      limit = 10,
      offset = 0,
    ) => {
      const page = await readAuditLogPage(database, { limit, offset }, filter);
      return [page.total, page.items.map((item) => item.details)];
    };
    const [first, second, third, fourth, fifth] = entries.map(([, , at]) => at);
    expect(await times({})).toEqual([5, [fifth, fourth, third, second, first]]);
    expect(await times({ command: 'open' })).toEqual([4, [fifth, fourth, second, first]]);
    expect(await times({ actor: 'the applicant (own link)' })).toEqual([1, [fourth]]);
    expect(await times({ actor: 'anna' })).toEqual([0, []]);
    expect(await times({ actorContaining: '|anna|' })).toEqual([3, [fifth, third, first]]);
    const day = { from: new Date(second), to: new Date(fifth) };
    expect(await times(day)).toEqual([3, [fourth, third, second]]);
    expect(await times({ ...day, command: 'open', actorContaining: '|bo|' })).toEqual([
      1,
      [second],
    ]);
    // The filter's parameters come first, the page's after them.
    expect(await times({ command: 'open', actorContaining: 'idp' }, 1, 1)).toEqual([3, [second]]);
    await database.query('DELETE FROM audit_log');
  });
});
