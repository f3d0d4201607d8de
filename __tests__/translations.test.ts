/**
 * The key checker: every surface's translation files (public/assets/i18n, the form's at its top,
 * each other surface in a folder of its own) hold the same keys in every supported language,
 * except what src/contract/translationGaps.ts lists as not yet translated, and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { degreePrograms, textFieldNames } from '../src/contract/fields';
import { isLanguage, languages } from '../src/contract/languages';
import { notYetTranslated } from '../src/contract/translationGaps';

const root = path.join(__dirname, '../public/assets/i18n');
const formSurface = 'form';

/** Each surface's folder: the form's files are at the top. */
const surfaces = [
  formSurface,
  ...fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
];
const folderOf = (surface: string) => (surface === formSurface ? root : path.join(root, surface));
const filesOf = (surface: string) =>
  fs.readdirSync(folderOf(surface)).filter((name) => name.endsWith('.json'));
const read = (surface: string, language: string): object =>
  JSON.parse(fs.readFileSync(path.join(folderOf(surface), `${language}.json`), 'utf8'));

function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Whether a key of `surface` is among `language`'s gaps: the whole surface, or its part. */
const isGap = (language: string, surface: string, key?: string) =>
  (notYetTranslated[language as keyof typeof notYetTranslated] ?? []).some((gap) =>
    key === undefined ? gap === surface : gap === surface || key.startsWith(`${gap}.`),
  );

/** Each surface in each language it is translated into. */
const pairs = surfaces.flatMap((surface) =>
  languages.filter((language) => !isGap(language, surface)).map((language) => [surface, language]),
);

describe('the key checker', () => {
  it.each(surfaces)('finds a file for each supported language only in %s', (surface) => {
    const present = filesOf(surface).map((name) => name.replace(/\.json$/, ''));
    expect(present.filter((language) => !isLanguage(language))).toEqual([]);
    const missing = languages.filter((language) => !present.includes(language));
    expect(missing).toEqual(languages.filter((language) => isGap(language, surface)));
  });

  it.each(pairs)('finds in %s/%s every key the others have, and no other', (surface, language) => {
    const present = filesOf(surface).map((name) => name.replace(/\.json$/, ''));
    const keysOf = (other: string) => keyPaths(read(surface, other));
    const all = [...new Set(present.flatMap(keysOf))].sort();
    const own = keysOf(language);
    // Missing: only the listed gaps. Extra: a key none of the others has is one they all lack.
    expect(all.filter((key) => !own.includes(key) && !isGap(language, surface, key))).toEqual([]);
  });

  it('lists only gaps there are: a part listed as not yet translated is missing indeed', () => {
    for (const [language, gaps] of Object.entries(notYetTranslated)) {
      const formKeys = keyPaths(read(formSurface, language));
      for (const gap of gaps ?? []) {
        if (surfaces.includes(gap)) expect(filesOf(gap)).not.toContain(`${language}.json`);
        else expect(formKeys.filter((key) => key.startsWith(`${gap}.`))).toEqual([]);
      }
    }
  });

  it.each(pairs)('%s/%s has no empty text', (surface, language) => {
    const texts = read(surface, language);
    const values = keyPaths(texts).map((key) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts),
    );
    expect(values.filter((value) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
  });
});

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

describe('the form', () => {
  it('names every validation message, degree programme and send page key', () => {
    const keys = keyPaths(read(formSurface, 'sv'));
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
