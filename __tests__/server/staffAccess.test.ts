/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * Programme scoping: which programmes STAFF_ACCESS gives a person's groups (server/console/access.ts),
 * through its exported functions.
 */
import { accessOf, parseStaffAccess } from '../../server/console/access';
import { degreePrograms } from '../../src/contract/fields';

describe('parseStaffAccess', () => {
  it('reads groups, admin and programme lists, trimming around each part', () => {
    const rules = parseStaffAccess(' admins : admin ,, mids-team:MIDS , eng:EASE   MSE ,');
    expect([...rules.entries()]).toEqual([
      ['admins', 'admin'],
      ['mids-team', ['MIDS']],
      ['eng', ['EASE', 'MSE']],
    ]);
  });

  it('splits at the last colon, so that a group name may hold one', () => {
    expect([...parseStaffAccess('urn:group:mids:MIDS').entries()]).toEqual([
      ['urn:group:mids', ['MIDS']],
    ]);
  });

  it.each([
    ['admins', 'STAFF_ACCESS entries are group:admin or group:PROGRAMME …, got "admins"'],
    [':admin', 'STAFF_ACCESS entries are group:admin or group:PROGRAMME …, got ":admin"'],
    ['admins:', 'STAFF_ACCESS entries are group:admin or group:PROGRAMME …, got "admins:"'],
    ['admins:  ', 'STAFF_ACCESS entries are group:admin or group:PROGRAMME …, got "admins:"'],
    [
      'team:MIDS XYZ ABC',
      `STAFF_ACCESS names unknown programmes XYZ, ABC for "team": use ${degreePrograms.join(', ')} or admin`,
    ],
    ['team:mids', 'STAFF_ACCESS names unknown programmes mids for "team"'],
    ['team:Admin', 'STAFF_ACCESS names unknown programmes Admin for "team"'],
    ['', 'STAFF_ACCESS must grant at least one group access'],
    [' , ,', 'STAFF_ACCESS must grant at least one group access'],
  ])('refuses %j', (text, message) => {
    expect(() => parseStaffAccess(text)).toThrow(message);
  });

  it('accepts a one-letter group', () => {
    expect(parseStaffAccess('a:IT').get('a')).toEqual(['IT']);
  });
});

describe('accessOf', () => {
  // Parsed in each test, not as the file loads: Stryker counts only what a test runs as its own.
  const rules = () => parseStaffAccess('admins:admin,mids:MIDS,eng:EASE MSE,it:IT MIDS');

  it('gives no programme to groups STAFF_ACCESS does not name, or to none', () => {
    expect(accessOf(rules(), ['strangers'])).toEqual({ admin: false, programmes: [] });
    expect(accessOf(rules(), [])).toEqual({ admin: false, programmes: [] });
  });

  it("gives the union of the person's groups' programmes, each once, in the form's order", () => {
    expect(accessOf(rules(), ['it', 'strangers', 'eng', 'mids'])).toEqual({
      admin: false,
      programmes: ['IT', 'MSE', 'MIDS', 'EASE'],
    });
  });

  it('gives an admin group every programme, whatever the other groups', () => {
    for (const groups of [['admins'], ['mids', 'admins'], ['admins', 'mids']]) {
      expect(accessOf(rules(), groups)).toEqual({ admin: true, programmes: [...degreePrograms] });
    }
  });

  it('gives each person a list of their own', () => {
    const first = accessOf(rules(), ['admins']);
    first.programmes.pop();
    expect(accessOf(rules(), ['admins']).programmes).toEqual([...degreePrograms]);
  });
});
