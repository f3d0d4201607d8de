import { degreePrograms, textFieldNames } from '../src/contract/fields';
import en from '../public/assets/i18n/en.json';
import sv from '../public/assets/i18n/sv.json';
import staffEn from '../public/assets/i18n/staff/en.json';
import staffSv from '../public/assets/i18n/staff/sv.json';
import applicantEn from '../public/assets/i18n/applicant/en.json';
import applicantSv from '../public/assets/i18n/applicant/sv.json';

function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

// These three have no length rules, so no length messages; terms has only `terms-required`.
const formatOnly = ['birthday', 'startedYear', 'degreeProgram'];
const lengthLimited = textFieldNames.filter((field) => !formatOnly.includes(field));
const messageKeys = [
  ...lengthLimited.flatMap((f) =>
    ['required', 'too-short', 'too-long', 'format'].map((r) => `${f}-${r}`),
  ),
  ...formatOnly.flatMap((f) => [`${f}-required`, `${f}-format`]),
  'terms-required',
];

describe('translation files', () => {
  it.each([
    ['the form', en, sv],
    ['the staff console', staffEn, staffSv],
    ["the applicant's own page", applicantEn, applicantSv],
  ])('of %s have the same keys in Swedish and English', (_part, english, swedish) => {
    expect(keyPaths(english).sort()).toEqual(keyPaths(swedish).sort());
  });

  it.each([
    ['sv', sv],
    ['en', en],
    ['staff/sv', staffSv],
    ['staff/en', staffEn],
    ['applicant/sv', applicantSv],
    ['applicant/en', applicantEn],
  ])('%s has no empty text', (_language, texts) => {
    const values = keyPaths(texts).map((path) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts),
    );
    expect(values.every((value) => typeof value === 'string' && value.trim() !== '')).toBe(true);
  });

  it('name every validation message, degree programme and send page key', () => {
    const keys = keyPaths(sv);
    for (const key of messageKeys) expect(keys).toContain(`validation.${key}`);
    for (const code of degreePrograms) expect(keys).toContain(`degree-programs.${code}`);
    for (const view of ['send-page-thankyou', 'send-page-error']) {
      for (const part of ['heading-label', 'paragraph-label', 'link-label']) {
        expect(keys).toContain(`${view}.${part}`);
      }
    }
    expect(keys).toContain('general.tlk-title-label');
  });
});
