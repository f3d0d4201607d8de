/**
 * The start page as the server sends it (server/plugins/spa.ts): rendered once when the server
 * starts, from the same components the browser hydrates, with the server's configuration. Webpack
 * builds this for Node beside the SPA (dist/prerender/startPage.cjs), so the markup always matches
 * the bundle served with it.
 */
import type { Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import en from '../../public/assets/i18n/en.json';
import sv from '../../public/assets/i18n/sv.json';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { storageKeys } from '../app/storage';
import { makeStore } from '../app/store';
import { applyAppConfig } from '../config';
import { createI18n } from '../features/language/i18n';
import { defaultLanguage, languages, type Language } from '../features/language/languages';
import type { StartPageRenderer } from './prerenderedStartPage';
import { loadScriptsAfterFirstPaint } from './loadScriptsAfterFirstPaint';
import { restoreBeforeHydration } from './restoreBeforeHydration';

const translations: Resource = { sv: { translation: sv }, en: { translation: en } };

/** Each language's page after the first is a template the inline script may show instead. */
const templateIdPrefix = 'start-page-';

function renderIn(language: Language): string {
  const store = makeStore({ language: { current: language } });
  const i18n = createI18n(language, translations);
  return renderToString(
    <AppProviders store={store} i18n={i18n}>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
}

export const prerenderStartPage: StartPageRenderer = (appConfig, scriptUrls) => {
  applyAppConfig(appConfig);
  const templates = languages
    .filter((language) => language !== defaultLanguage)
    .map(
      (language) =>
        `<template id="${templateIdPrefix}${language}">${renderIn(language)}</template>`,
    );
  const call = (script: (...args: never[]) => void, ...args: unknown[]) =>
    `(${script.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')});`;
  const inlineScript =
    call(restoreBeforeHydration, storageKeys, templateIdPrefix) +
    call(loadScriptsAfterFirstPaint, scriptUrls);
  return {
    rootMarkup: renderIn(defaultLanguage),
    trailingMarkup: `${templates.join('')}<script>${inlineScript}</script>`,
    inlineScript,
  };
};
