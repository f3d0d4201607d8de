/**
 * Who may see what: STAFF_ACCESS maps the provider's groups to access, `group:admin` or
 * `group:PROG PROG …` (programme codes), comma-separated. A person in several groups gets the
 * union; in none, no access at all.
 */
import { degreePrograms, type DegreeProgram } from '../../src/contract/fields';

export interface StaffAccess {
  /** Sees every programme, erases, reads the audit log. */
  admin: boolean;
  /** The programmes whose registrations the person may read (all of them for an admin). */
  programmes: DegreeProgram[];
}

export type StaffAccessRules = ReadonlyMap<string, 'admin' | DegreeProgram[]>;

const isDegreeProgram = (code: string): code is DegreeProgram =>
  (degreePrograms as readonly string[]).includes(code);

export function parseStaffAccess(text: string): StaffAccessRules {
  const rules = new Map<string, 'admin' | DegreeProgram[]>();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.lastIndexOf(':');
    const group = entry.slice(0, separator).trim();
    const grant = entry.slice(separator + 1).trim();
    if (separator < 1 || !grant) {
      throw new Error(`STAFF_ACCESS entries are group:admin or group:PROGRAMME …, got "${entry}"`);
    }
    if (grant === 'admin') {
      rules.set(group, 'admin');
      continue;
    }
    const codes = grant.split(/\s+/);
    const unknown = codes.filter((code) => !isDegreeProgram(code));
    if (unknown.length > 0) {
      throw new Error(
        `STAFF_ACCESS names unknown programmes ${unknown.join(', ')} for "${group}": use ${degreePrograms.join(', ')} or admin`,
      );
    }
    rules.set(group, codes as DegreeProgram[]);
  }
  if (rules.size === 0) throw new Error('STAFF_ACCESS must grant at least one group access');
  return rules;
}

export function accessOf(rules: StaffAccessRules, groups: readonly string[]): StaffAccess {
  const grants = groups.map((group) => rules.get(group)).filter((grant) => grant !== undefined);
  if (grants.includes('admin')) return { admin: true, programmes: [...degreePrograms] };
  const programmes = new Set(grants.flatMap((grant) => grant as DegreeProgram[]));
  return { admin: false, programmes: degreePrograms.filter((code) => programmes.has(code)) };
}
