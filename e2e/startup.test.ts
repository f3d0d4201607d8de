/** @jest-environment node */
/**
 * The server's start as the person running it sees it: a start that cannot succeed says why in
 * one line naming the setting, exits with 1 and leaves DATA_DIR as it was; a risky TRUST_PROXY
 * is warned about.
 */
import fs from 'node:fs';
import net from 'node:net';
import { parseCsv } from '../testing/csv';
import { connectGraphql } from '../testing/graphqlClient';
import { validValues } from '../testing/registrations';
import {
  exportCsv,
  freePort,
  isHealthy,
  runFailingServer,
  startServer,
  type EndedServer,
} from '../testing/server';
import {
  databaseTimeoutMs,
  makeStaticDir,
  openTestDatabase,
  removeTempDirs,
  makeMigratedDataDir,
} from '../__tests__/server/support/fixtures';

jest.setTimeout(3 * databaseTimeoutMs);

afterAll(removeTempDirs);

describe('a start that cannot succeed', () => {
  const staticDir = makeStaticDir();
  const dataDir = makeMigratedDataDir();
  let entriesBefore: string[];

  /** A port something else listens on, as long as the test runs. */
  async function occupiedPort(): Promise<number> {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    afterAllClose.push(holder);
    return (holder.address() as net.AddressInfo).port;
  }
  const afterAllClose: net.Server[] = [];
  afterAll(() => afterAllClose.forEach((server) => server.close()));

  // A DATA_DIR with one registration past RETENTION_DAYS: a start that purged it changed DATA_DIR.
  beforeAll(async () => {
    const server = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: staticDir },
    });
    const client = await connectGraphql(server.url);
    expect((await client.submit(validValues)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    const database = await openTestDatabase(dataDir);
    await database.query(`UPDATE registrations SET created_at = now() - interval '400 days'`);
    await database.close();
    entriesBefore = fs.readdirSync(dataDir).sort();
  });

  async function start(env: Record<string, string>): Promise<EndedServer> {
    return runFailingServer(
      {
        STATIC_DIR: staticDir,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
        ...env,
      },
      'compiled',
    );
  }

  async function expectOneLineNaming(ended: EndedServer, setting: string) {
    expect(ended.code).toBe(1);
    const lines = ended.output.trimEnd().split('\n');
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Cannot start: .*\\b${setting}\\b`))]);
  }

  /** No pid file, socket or lock left behind, and the expired registration still there. */
  async function expectDataDirUnchanged() {
    expect(fs.readdirSync(dataDir).sort()).toEqual(entriesBefore);
    const rows = parseCsv(await exportCsv({ DATA_DIR: dataDir }, 'compiled'));
    expect(rows.map((row) => row.email)).toEqual([validValues.email]);
  }

  it.each([
    ['PORT', async () => ({ PORT: String(await occupiedPort()) })],
    ['METRICS_PORT', async () => ({ METRICS_PORT: String(await occupiedPort()) })],
    ['RETENTION_DAYS', async () => ({ RETENTION_DAYS: '-1' })],
    ['TRUST_PROXY', async () => ({ TRUST_PROXY: 'true' })],
  ])('names %s in one line when it cannot be used', async (setting, env) => {
    const ended = await start(await env());
    await expectOneLineNaming(ended, setting);
    await expectDataDirUnchanged();
  });

  it('names DATA_DIR in one line when another server holds it', async () => {
    // RETENTION_DAYS=0: the server holding DATA_DIR purges nothing itself.
    const holder = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: staticDir, RETENTION_DAYS: '0' },
    });
    try {
      const ended = await start({});
      await expectOneLineNaming(ended, 'DATA_DIR');
      expect(await isHealthy(holder.url)).toBe(true);
    } finally {
      expect(await holder.stop()).toBe(0);
    }
    await expectDataDirUnchanged();
  });
});

describe('TRUST_PROXY as a number of hops', () => {
  const warning = 'can choose its own address with X-Forwarded-For';

  async function startupOutput(env: Record<string, string>): Promise<string> {
    const server = await startServer({
      entry: 'compiled',
      dataDir: makeMigratedDataDir(),
      env: { STATIC_DIR: makeStaticDir(), ...env },
    });
    await server.dispose();
    return server.output();
  }

  it('is warned about at start when HOST is reachable from other machines', async () => {
    const output = await startupOutput({ TRUST_PROXY: '1', HOST: '0.0.0.0' });
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const warnings = lines.filter((line) => String(line.msg).includes(warning));
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('10.0.0.0/8,127.0.0.1') }),
    ]);
  });

  it.each([
    ["the proxies' addresses", { TRUST_PROXY: '10.0.0.0/8,127.0.0.1', HOST: '0.0.0.0' }],
    ['a loopback HOST', { TRUST_PROXY: '1', HOST: '127.0.0.1' }],
  ])('is not warned about with %s', async (_case, env) => {
    expect(await startupOutput(env)).not.toContain(warning);
  });
});
