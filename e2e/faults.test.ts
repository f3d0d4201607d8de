/**
 * A crash in the middle of a burst: the server is killed with SIGKILL while submissions are in
 * flight, then started again on the same DATA_DIR. Every submission it acknowledged (200 with the
 * stored data) must be there exactly once and whole; the ones cut off may or may not be.
 */
import type { RegistrationValues } from '../src/contract/fields';
import { databaseHolderPid, killAbruptly, waitUntilGone } from './support/crash';
import { inLetters, validRegistration } from '../testing/registrations';
import {
  acknowledgedFirstName,
  connectGraphql,
  type GraphqlClient,
} from '../testing/graphqlClient';
import { startServer, type RunningServer } from '../testing/server';
import { asExportedRow, readStoredRows } from './support/storedRows';

const burstSize = 200;
const concurrency = 20;
/** Roughly half of the burst: the kill lands while the rest is still being sent and written. */
const killAfterAcknowledged = 100;
const rounds = 3;

type Outcome = 'acknowledged' | 'refused' | 'cut off' | 'not sent';

function burstRegistrations(round: number): RegistrationValues[] {
  return Array.from({ length: burstSize }, (_, index) =>
    validRegistration({ firstName: `Krasch ${inLetters(round)} ${inLetters(index)}` }),
  );
}

/**
 * Sends the registrations `concurrency` at a time and SIGKILLs the server once `killAfter` of them
 * are acknowledged. Nothing new is sent after the kill.
 */
async function burstWithKill(
  client: GraphqlClient,
  registrations: RegistrationValues[],
  killAfter: number,
  kill: () => void,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = registrations.map(() => 'not sent');
  let next = 0;
  let acknowledged = 0;
  let killed = false;

  async function sender() {
    while (!killed && next < registrations.length) {
      const index = next++;
      const registration = registrations[index];
      try {
        const answer = await client.submit(registration);
        const stored = acknowledgedFirstName(answer) === registration.firstName;
        outcomes[index] = stored ? 'acknowledged' : 'refused';
        if (stored) acknowledged += 1;
        if (!killed && acknowledged >= killAfter) {
          killed = true;
          kill();
        }
      } catch {
        outcomes[index] = 'cut off'; // the connection died with the server
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, sender));
  if (!killed) throw new Error(`The burst ended before ${killAfter} acknowledgements`);
  return outcomes;
}

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.dispose();
});

interface RoundResult {
  sent: RegistrationValues[];
  acknowledged: RegistrationValues[];
  cutOff: number;
}

/** One crash: a burst, SIGKILL when half is acknowledged, and a start on the same DATA_DIR. */
async function crashRound(round: number): Promise<RoundResult> {
  const client = await connectGraphql(server.url);
  const pid = databaseHolderPid(server);
  const registrations = burstRegistrations(round);
  const outcomes = await burstWithKill(client, registrations, killAfterAcknowledged, () =>
    killAbruptly(pid),
  );
  await waitUntilGone(pid);

  // No valid submission may be refused; the kill only cuts some off.
  expect(outcomes.filter((outcome) => outcome === 'refused')).toEqual([]);

  // The same DATA_DIR opens again: start() waits for /healthz to answer 200.
  await server.stop();
  await server.start();
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  return {
    sent: registrations.filter((_, index) => outcomes[index] !== 'not sent'),
    acknowledged: registrations.filter((_, index) => outcomes[index] === 'acknowledged'),
    cutOff: outcomes.filter((outcome) => outcome === 'cut off').length,
  };
}

describe('SIGKILL in the middle of a burst of submissions', () => {
  test(`${rounds} crashes: every acknowledged submission is stored once and whole`, async () => {
    const results: RoundResult[] = [];
    for (let round = 0; round < rounds; round += 1) results.push(await crashRound(round));
    const sent = results.flatMap((result) => result.sent);
    const acknowledged = results.flatMap((result) => result.acknowledged);
    // The kill has to land on work in flight, or the test proves nothing.
    expect(results.reduce((sum, result) => sum + result.cutOff, 0)).toBeGreaterThan(0);

    // And the recovered database takes new submissions.
    const afterwards = validRegistration({ firstName: 'Efter Kraschen' });
    const answer = await (await connectGraphql(server.url)).submit(afterwards);
    expect(acknowledgedFirstName(answer)).toBe(afterwards.firstName);
    sent.push(afterwards);
    acknowledged.push(afterwards);

    const rows = await readStoredRows(server);
    const copiesOf = (firstName: string) => rows.filter((row) => row.firstName === firstName);
    for (const registration of acknowledged) {
      const copies = copiesOf(registration.firstName);
      expect({ firstName: registration.firstName, copies: copies.length }).toEqual({
        firstName: registration.firstName,
        copies: 1,
      });
      expect(copies[0]).toMatchObject(asExportedRow(registration));
    }

    // Every row is one that was sent, whole: none is invented, torn or stored twice.
    const sentByName = new Map(sent.map((registration) => [registration.firstName, registration]));
    expect(rows.filter((row) => !sentByName.has(row.firstName))).toEqual([]);
    for (const row of rows) {
      expect(row).toMatchObject(asExportedRow(sentByName.get(row.firstName)!));
      expect(copiesOf(row.firstName)).toHaveLength(1);
    }
  }, 180_000);
});
