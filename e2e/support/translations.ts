/** Expected texts come from the SPA's own translation files, never from copies in the tests. */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../testing/paths';

export type Language = 'sv' | 'en';

type Tree = { [key: string]: string | Tree };

const cache = new Map<string, Tree>();

/** The form's file, or a namespace's (the staff console's: public/assets/i18n/staff/). */
function load(language: Language, namespace?: string): Tree {
  const file = path.join(repoRoot, 'public', 'assets', 'i18n', namespace ?? '', `${language}.json`);
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
}

/**
 * The text of a key such as `send-page-thankyou.heading-label`, or in a namespace as i18next
 * writes it (`staff:sign-out`), `{{name}}` filled from values.
 */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const [namespace, keyPath] = key.includes(':') ? key.split(':') : [undefined, key];
  const found = keyPath
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      load(language, namespace),
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
