/**
 * Run-time configuration: the server writes it into the page it serves, as JSON in
 * <script id="app-config" type="application/json"> (a data block, which runs nothing). A value
 * that is missing or of the wrong type keeps its default, so the form always has one.
 */
import { appConfigElementId, configDefaults, type AppConfig } from '../contract/configDefaults';
import { offeredLanguagesFrom } from '../contract/languages';

export function readAppConfig(page: Document): AppConfig {
  let given: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(page.getElementById(appConfigElementId)?.textContent ?? '');
    if (parsed && typeof parsed === 'object') given = parsed as Record<string, unknown>;
  } catch {
    // No block (the development server, tests) or a broken one: the defaults.
  }
  const entries = Object.entries(configDefaults).map(([key, fallback]) => [
    key,
    typeof given[key] === typeof fallback ? given[key] : fallback,
  ]);
  const appConfig = Object.fromEntries(entries) as AppConfig;
  return {
    ...appConfig,
    languages: offeredLanguagesFrom(given.languages) ?? configDefaults.languages,
  };
}

/**
 * The configuration in effect. In the browser it is the page's; the server's prerender
 * (src/prerender/startPage.tsx), which has no page, sets it with `applyAppConfig` before rendering.
 */
export let config: AppConfig =
  typeof document === 'undefined' ? configDefaults : readAppConfig(document);

export function applyAppConfig(appConfig: AppConfig): void {
  config = appConfig;
}
