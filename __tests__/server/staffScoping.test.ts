/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * Programme scoping and read logging in the staff API's shared steps, through their exported
 * functions: a search kept within the person's programmes (server/console/registrationSearch.ts),
 * what the audit log records of a filter, and the refusals and audit entries of
 * server/console/routeSupport.ts. The request is the little of Fastify's that they use.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../server/db/database';
import type { SignedInStaff } from '../../server/console/signIn';
import { describeFilter, searchOf } from '../../server/console/registrationSearch';
import { auditOf, refuseInvisible, requireAdmin } from '../../server/console/routeSupport';
import { readAuditLog } from '../../server/operations/auditLog';
import { startOfDay } from '../../server/timeZone';
import { createRegistrationStore } from '../../server/db/registrations';
import { validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeMigratedDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

const timeZone = 'Europe/Helsinki';

const httpError = (statusCode: number) => (message: string) =>
  Object.assign(new Error(message), { statusCode });

function staffRequest(session: Partial<SignedInStaff>) {
  const refused: string[] = [];
  const warnings: unknown[] = [];
  const request = {
    staffSession: {
      subject: 'u-1',
      issuer: 'https://idp.example.fi',
      name: 'Ulla',
      email: 'ulla@example.fi',
      emailVerified: true,
      admin: false,
      programmes: ['MIDS', 'IT'],
      ...session,
    },
    ip: '192.0.2.10',
    url: '/staff/api/registrations',
    log: { warn: (entry: unknown) => warnings.push(entry) },
    server: {
      httpErrors: {
        badRequest: httpError(400),
        forbidden: httpError(403),
        notFound: httpError(404),
      },
      metrics: {
        registrationsRefused: { inc: ({ reason }: { reason: string }) => refused.push(reason) },
      },
    },
  } as unknown as FastifyRequest;
  return { request, refused, warnings };
}

describe('searchOf', () => {
  it("keeps the search within the person's programmes, and passes on what they asked", () => {
    const { request, refused } = staffRequest({});
    expect(
      searchOf(request, { programme: 'MIDS', q: 'Maija', state: 'new' } as never, timeZone),
    ).toEqual({
      visibleProgrammes: ['MIDS', 'IT'],
      programme: 'MIDS',
      from: undefined,
      to: undefined,
      q: 'Maija',
      state: 'new',
      assignee: undefined,
      duplicates: false,
    });
    expect(refused).toEqual([]);
  });

  it('refuses a person with no programme at all, as a security event', () => {
    const { request, refused, warnings } = staffRequest({ programmes: [] });
    expect(() => searchOf(request, {}, timeZone)).toThrow(
      expect.objectContaining({
        statusCode: 403,
        message: 'Your groups give you no degree programme',
      }),
    );
    expect(refused).toEqual(['staff-access-denied']);
    expect(warnings).toEqual([expect.objectContaining({ securityEvent: 'staff-access-denied' })]);
  });

  it("records asking for another programme as a security event, and still shows only the person's", () => {
    const { request, refused } = staffRequest({});
    const search = searchOf(request, { programme: 'EASE' }, timeZone);
    expect(search.visibleProgrammes).toEqual(['MIDS', 'IT']);
    expect(refused).toEqual(['staff-access-denied']);
  });

  it('takes days as the staff calendar has them, the last one whole', () => {
    const { request } = staffRequest({});
    const search = searchOf(request, { from: '2026-03-01', to: '2026-03-31' }, timeZone);
    expect(search.from).toEqual(startOfDay('2026-03-01', timeZone));
    expect(search.to).toEqual(startOfDay('2026-04-01', timeZone));
    expect(searchOf(request, { to: '2026-12-31' }, timeZone).to).toEqual(
      startOfDay('2027-01-01', timeZone),
    );
  });

  it.each([
    [{ from: '2026-02-30' }],
    [{ to: '2026-13-01' }],
    [{ from: '1.3.2026', to: '2026-03-02' }],
  ])('refuses a day that does not exist: %j', (filter) => {
    const { request } = staffRequest({});
    expect(() => searchOf(request, filter, timeZone)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: 'from and to are days that exist, as YYYY-MM-DD',
      }),
    );
  });

  it("reads 'me' as the person, 'none' as nobody, and a subject as it is", () => {
    const { request } = staffRequest({ subject: 'u-42' });
    expect(searchOf(request, { assignee: 'me' }, timeZone).assignee).toBe('u-42');
    expect(searchOf(request, { assignee: 'none' }, timeZone).assignee).toBeNull();
    expect(searchOf(request, { assignee: 'u-7' }, timeZone).assignee).toBe('u-7');
    expect(searchOf(request, { duplicates: 'true' }, timeZone).duplicates).toBe(true);
    expect(searchOf(request, {}, timeZone).duplicates).toBe(false);
  });
});

describe('describeFilter', () => {
  it('records the filter without its search text or whom it was assigned to', () => {
    expect(
      describeFilter(
        {
          programme: 'MIDS',
          from: '2026-03-01',
          to: '2026-03-31',
          q: 'Maija Meikäläinen',
          state: 'new',
          assignee: 'u-7',
          duplicates: 'true',
        } as never,
        { page: 2 },
      ),
    ).toBe(
      'page=2 programme=MIDS from=2026-03-01 to=2026-03-31 search=yes state=new assignee=person duplicates=true',
    );
  });

  it("names 'me' and 'none' as they are, and leaves out what was not asked", () => {
    expect(describeFilter({ assignee: 'me' }, {})).toBe('assignee=me');
    expect(describeFilter({ assignee: 'none' }, { format: 'csv' })).toBe(
      'format=csv assignee=none',
    );
    expect(describeFilter({}, {})).toBe('');
  });
});

describe('routeSupport', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(makeMigratedDataDir());
  }, databaseTimeoutMs);

  afterAll(async () => {
    await database?.close();
    removeTempDirs();
  });

  it('records a read with who read it, as the audit log names a signed-in person', async () => {
    const { request } = staffRequest({});
    await auditOf(database)(request, 'open', 1, 'id=3 reference=R-3');
    const unverified = staffRequest({ emailVerified: false }).request;
    await auditOf(database)(unverified, 'list', 0, 'page=1');
    expect((await readAuditLog(database)).slice(-2)).toEqual([
      {
        at: expect.any(Date),
        command: 'open',
        rowCount: 1,
        actor: 'ulla@example.fi (sso u-1 at https://idp.example.fi)',
        details: 'id=3 reference=R-3',
      },
      {
        at: expect.any(Date),
        command: 'list',
        rowCount: 0,
        actor: 'sso u-1 at https://idp.example.fi',
        details: 'page=1',
      },
    ]);
  });

  it('refuses a registration that is not there as not found, without a security event', async () => {
    const { request, refused } = staffRequest({});
    await expect(refuseInvisible(request, database, 999_999)).rejects.toMatchObject({
      statusCode: 404,
      message: 'No such registration among those you may see',
    });
    expect(refused).toEqual([]);
  });

  it("refuses another programme's registration as not found, and records it as a security event", async () => {
    await createRegistrationStore(database).save(
      { ...validRegistration(), degreeProgram: 'EASE' },
      'sv',
    );
    const [{ id }] = await database.query<{ id: number }>(
      'SELECT max(id) AS id FROM registrations',
    );
    const { request, refused, warnings } = staffRequest({ programmes: ['MIDS'] });
    await expect(refuseInvisible(request, database, id)).rejects.toMatchObject({
      statusCode: 404,
      message: 'No such registration among those you may see',
    });
    expect(refused).toEqual(['staff-access-denied']);
    expect(warnings).toEqual([
      expect.objectContaining({ securityEvent: 'staff-access-denied', staff: 'u-1' }),
    ]);
  });

  it('lets admins alone through, and records the others as a security event', () => {
    expect(() => requireAdmin(staffRequest({ admin: true }).request)).not.toThrow();
    const { request, refused } = staffRequest({ admin: false });
    expect(() => requireAdmin(request)).toThrow(
      expect.objectContaining({
        statusCode: 403,
        message: 'Only the admissions admins may do this',
      }),
    );
    expect(refused).toEqual(['staff-access-denied']);
  });
});
