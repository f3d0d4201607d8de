/**
 * The start page as the server sends it (server/plugins/spa.ts): rendered once when the server
 * starts, from the same components the browser hydrates, with the server's configuration, in each
 * language; and its documents as pages of their own. Webpack builds this for Node beside the SPA
 * (dist/prerender/startPage.cjs), so the markup always matches the bundle served with it.
 */
import type { Resource } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import applicantEn from '../../public/assets/i18n/applicant/en.json';
import applicantFi from '../../public/assets/i18n/applicant/fi.json';
import applicantSv from '../../public/assets/i18n/applicant/sv.json';
import en from '../../public/assets/i18n/en.json';
import fi from '../../public/assets/i18n/fi.json';
import sv from '../../public/assets/i18n/sv.json';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { storageKeys } from '../app/storage';
import { makeStore } from '../app/store';
import { applyAppConfig } from '../config';
import { ApplicantPageOpening } from '../features/applicant/ApplicantFrame';
import { DocumentPage } from '../features/documents/DocumentPage';
import { applicantPagePath } from '../contract/applicantPaths';
import { documentNames, documentPath } from '../contract/documents';
import { createI18n } from '../features/language/i18n';
import { byLanguage, languageParameter, type Language } from '../contract/languages';
import { registrationFormId } from '../features/registration/fieldIds';
import { formTakenOverEvent } from './formTakenOver';
import { keepEarlyPresses } from './keepEarlyPresses';
import { loadScriptsAfterFirstPaint } from './loadScriptsAfterFirstPaint';
import type { PrerenderedStartPage, StartPageRenderer } from '../contract/startPageRenderer';
import { restoreBeforeHydration } from './restoreBeforeHydration';

const translations: Resource = {
  sv: { translation: sv, applicant: applicantSv },
  en: { translation: en, applicant: applicantEn },
  fi: { translation: fi, applicant: applicantFi },
};

/** The start page in the other languages is a template each, which the inline script may show. */
const templateIdPrefix = 'start-page-';

function renderIn(language: Language, location: string, page: ReactNode): string {
  const store = makeStore({ language: { current: language } });
  return renderToString(
    <AppProviders store={store} i18n={createI18n(language, translations)}>
      <StaticRouter location={location}>{page}</StaticRouter>
    </AppProviders>,
  );
}

function documentPagesIn(language: Language): PrerenderedStartPage['documents'][Language] {
  const { t } = createI18n(language, translations);
  const pages = documentNames.map((name) => [
    name,
    {
      title: `${t(`documents.${name}.title`)} – ${t('general.tlk-title-label')}`,
      rootMarkup: renderIn(language, documentPath(name), <DocumentPage name={name} />),
    },
  ]);
  return Object.fromEntries(pages) as PrerenderedStartPage['documents'][Language];
}

export const prerenderStartPage: StartPageRenderer = (appConfig, scriptUrls) => {
  applyAppConfig(appConfig);
  const startPageIn = byLanguage((language) => renderIn(language, '/', <AppRoutes />));
  const call = (script: (...args: never[]) => void, ...args: unknown[]) =>
    `(${script.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')});`;
  const inlineScript =
    call(
      restoreBeforeHydration,
      storageKeys,
      templateIdPrefix,
      languageParameter,
      registrationFormId,
    ) +
    call(keepEarlyPresses, storageKeys.formData, registrationFormId, formTakenOverEvent) +
    call(loadScriptsAfterFirstPaint, scriptUrls);
  const templates = (shown: Language) =>
    appConfig.languages
      .filter((language) => language !== shown)
      .map(
        (language) =>
          `<template id="${templateIdPrefix}${language}">${startPageIn[language]}</template>`,
      )
      .join('');
  return {
    languages: byLanguage((language) => ({
      rootMarkup: startPageIn[language],
      trailingMarkup: `${templates(language)}<script>${inlineScript}</script>`,
    })),
    inlineScript,
    applicantPage: byLanguage((language) => {
      const { t } = createI18n(language, translations);
      return {
        rootMarkup: renderIn(language, applicantPagePath, <ApplicantPageOpening />),
        // The page's own name, as its view without a link is headed.
        title: t('no-session-heading', { ns: 'applicant' }),
        noscript: t('noscript', { ns: 'applicant' }),
      };
    }),
    documents: byLanguage(documentPagesIn),
  };
};
