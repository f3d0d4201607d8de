/** Expected texts come from the SPA's own translation files, never from copies in the tests. */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../testing/paths';

export type Language = 'sv' | 'en';

type Tree = { [key: string]: string | Tree };

const cache = new Map<Language, Tree>();

function load(language: Language): Tree {
  let tree = cache.get(language);
  if (!tree) {
    const file = path.join(repoRoot, 'public', 'assets', 'i18n', `${language}.json`);
    tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
    cache.set(language, tree);
  }
  return tree;
}

/** The text of a key such as `send-page-thankyou.heading-label`, `{{name}}` filled from values. */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      load(language),
    );
  if (typeof found !== 'string') throw new Error(`No translation ${language}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_match, variable: string) => values[variable] ?? '');
}

/** A translation with its HTML tags removed, as the browser shows it. */
export function plainText(
  language: Language,
  key: string,
  values: Record<string, string> = {},
): string {
  return text(language, key, values).replace(/<[^>]+>/g, '');
}
