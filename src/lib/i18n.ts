/**
 * Translations: i18next with the http backend reading /locales/{lng}/{ns}.json (public/,
 * precached by the service worker). `common` loads at start; a module's namespace loads when
 * one of its components asks for it. The chosen language is kept in localStorage `lang`.
 */
import i18n, { type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, I18N_NAMESPACES, LANGUAGES, type Language } from '../../common/constants';
import { getStoredLanguage, setStoredLanguage } from './storage';

export const DEFAULT_NAMESPACE = 'common';
export const LOCALES_PATH = '/locales/{{lng}}/{{ns}}.json';

function asLanguage(value: string | null | undefined): Language | null {
  const code = value?.trim().toLowerCase().slice(0, 2);
  return LANGUAGES.find((language) => language === code) ?? null;
}

/** The stored choice if any, else the browser's language (fr* → fr, en* → en), else fr. */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  return asLanguage(stored) ?? asLanguage(browserLanguage) ?? FALLBACK_LANGUAGE;
}

function reflectLanguage(language: string): void {
  document.documentElement.lang = language;
}

export interface InitI18nOptions {
  language?: Language;
  /** Bundled resources (tests): no backend then. */
  resources?: Resource;
}

export async function initI18n(options: InitI18nOptions = {}): Promise<typeof i18n> {
  const language = options.language ?? detectLanguage(getStoredLanguage(), navigator.language);
  if (options.resources === undefined) i18n.use(HttpBackend);
  i18n.use(initReactI18next);
  i18n.on('languageChanged', reflectLanguage);
  await i18n.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: options.resources === undefined ? [DEFAULT_NAMESPACE] : [...I18N_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    ...(options.resources === undefined
      ? { backend: { loadPath: LOCALES_PATH } }
      : { resources: options.resources }),
    interpolation: { escapeValue: false },
    returnNull: false,
    // The translation requests start now, not on a later timer: main.tsx starts them before the
    // page's code, so they are first in line on a weak network.
    initAsync: false,
  });
  reflectLanguage(i18n.language);
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  setStoredLanguage(language);
  await i18n.changeLanguage(language);
}

/** Translate an API message key (docs/api.md: keys of `common`); null if there is none. */
export function translateIfKnown(key: string, values?: Record<string, unknown>): string | null {
  return key !== '' && i18n.exists(key) ? i18n.t(key, values ?? {}) : null;
}

export { i18n };
