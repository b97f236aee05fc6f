/**
 * Translations: i18next reading /locales/{lng}/{ns}.json (public/, precached by the service
 * worker) through fetchBackend below. `common` loads at start; a module's namespace loads when
 * one of its components asks for it. The chosen language is kept in localStorage `lang`.
 */
import i18n, { type BackendModule, type Resource, type InitOptions, type ResourceStore, type Services } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, I18N_NAMESPACES, LANGUAGES, type Language } from '../../common/constants';
import { getStoredLanguage, setStoredLanguage } from './storage';
import { whenIdle } from './when-idle';

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

const localeUrl = (language: string, namespace: string): string =>
  LOCALES_PATH.replace('{{lng}}', language).replace('{{ns}}', namespace);

/** Requests started before i18next (prefetchTranslations), each handed to the first read of its file. */
const early = new Map<string, Promise<Response>>();

/** The language of this start: the stored choice, else the browser's. */
const startLanguage = (): Language => detectLanguage(getStoredLanguage(), navigator.language);

/**
 * Requests the start's translations (the language's `common`) at once:
 * main.tsx calls this first, so they lead on a weak network, and i18next starts in a task of
 * its own afterwards (on a phone its start is one of the longest steps).
 */
export function prefetchTranslations(language: Language = startLanguage(), namespaces: readonly string[] = [DEFAULT_NAMESPACE]): void {
  // The fallback's files of another language's reader wait for the reader's own (fetchBackend).
  for (const namespace of namespaces) {
    const url = localeUrl(language, namespace);
    if (!early.has(url)) early.set(url, fetch(url));
  }
}

/** Whether each file asked for in this page's life arrived (by URL). */
const arrivals = new Map<string, Promise<boolean>>();
/** Where a file fetched after its namespace was answered goes (i18next's store, given at init). */
let store: ResourceStore | null = null;
/** The reader's language: the start's, then each change (changeLanguage). */
let reader: string | undefined;

/**
 * The fallback language's file of a namespace, for a reader of another language whose own file
 * arrived: answered empty at once and filled at the first idle moment. Every key is in both
 * languages (tests/unit/lib/i18n.test.ts), so the fallback serves only a key a file lacks;
 * waiting for it put a second `common` (15 kB) and a second file per namespace before every
 * first screen of an English reader. A reader whose own file did not arrive gets the fallback's
 * at once, as before. Answers whether the reader's own file of the namespace arrived, or null
 * when `language`'s file is read at once (not the fallback of another reader's language).
 */
function ownFileArrival(language: string, namespace: string): Promise<boolean> | null {
  if (language !== FALLBACK_LANGUAGE || reader === undefined || reader === FALLBACK_LANGUAGE) return null;
  return arrivals.get(localeUrl(reader, namespace)) ?? null;
}

/** The fallback files answered empty and still to fill (fillLater). */
const pendingFills = new Set<Promise<void>>();

function fillLater(language: string, namespace: string): void {
  const target = store;
  const fill = new Promise<void>((done) => {
    whenIdle(() => {
      fetch(localeUrl(language, namespace))
        .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : null))
        .then((resources) => {
          // Into the namespace's bundle, answered empty: a fallback read only for a key the
          // reader's file lacks, nothing to render again.
          const bundle = target?.data[language]?.[namespace];
          if (resources !== null && typeof bundle === 'object') Object.assign(bundle, resources);
        })
        .catch(() => undefined)
        .finally(done);
    });
  });
  pendingFills.add(fill);
  void fill.then(() => pendingFills.delete(fill));
}

/**
 * i18next's backend: one fetch per file (a prefetched one if there is). A network failure (the
 * browser online) or a server error asks i18next to retry (it waits and tries again a few times); a missing file
 * (4xx) or a file that is not JSON does not. The fallback language's files of another
 * language's reader come after the first screen (ownFileArrival).
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init: (services: Services, _backendOptions: object, options: InitOptions) => {
    store = services.resourceStore;
    reader = typeof options.lng === 'string' ? options.lng : undefined;
    arrivals.clear();
  },
  read(language, namespace, callback) {
    const ownArrived = ownFileArrival(language, namespace);
    if (ownArrived === null) {
      readFile(language, namespace, callback);
      return;
    }
    void ownArrived.then((arrived) => {
      if (!arrived) {
        readFile(language, namespace, callback);
        return;
      }
      callback(null, {});
      fillLater(language, namespace);
    });
  },
};

/**
 * The files (`language|namespace`) that could not be read because the browser was offline: a
 * device whose service worker has not kept them yet (the minutes after a first login). i18next
 * never asks again for a file that failed; these are read again by reloadFailedTranslations.
 */
const failedOffline = new Set<string>();
let reloading: Promise<void> | null = null;

/**
 * Reads again the files that failed offline, once the connection is back (main.tsx, and the
 * error screen of a page that could not load offline before it loads it again), and renders
 * the screens that show their texts again. One reload at a time: a second caller waits for it.
 */
export function reloadFailedTranslations(instance: typeof i18n = i18n): Promise<void> {
  if (reloading !== null) return reloading;
  if (failedOffline.size === 0) return Promise.resolve();
  const files = [...failedOffline].map((file) => file.split('|') as [string, string]);
  failedOffline.clear();
  reloading = instance
    .reloadResources([...new Set(files.map(([language]) => language))], [...new Set(files.map(([, namespace]) => namespace))])
    // The same language again: what react-i18next renders anew on (its default binding).
    .then(() => instance.changeLanguage(instance.language))
    .then(() => undefined, () => undefined)
    .finally(() => {
      reloading = null;
    });
  return reloading;
}

function readFile(language: string, namespace: string, callback: Parameters<BackendModule['read']>[2]): void {
  const url = localeUrl(language, namespace);
  const request = early.get(url) ?? fetch(url);
  early.delete(url);
  arrivals.set(
    url,
    request.then(
      (response) => response.ok,
      () => false,
    ),
  );
  request.then(
    async (response) => {
      if (!response.ok) {
        callback(new Error(`${url}: HTTP ${response.status}`), response.status >= 500);
        return;
      }
      try {
        callback(null, (await response.json()) as Record<string, unknown>);
      } catch (error) {
        callback(error as Error, false);
      }
    },
    // Offline (the browser says so), no retries: they would hold the screen that asked for
    // the file for i18next's ten seconds of back-off, for an answer that cannot come. The
    // file is read again once the connection is back (reloadFailedTranslations).
    (error: unknown) => {
      if (!navigator.onLine) failedOffline.add(`${language}|${namespace}`);
      callback(error instanceof Error ? error : new Error(String(error)), navigator.onLine);
    },
  );
}

function reflectLanguage(language: string): void {
  document.documentElement.lang = language;
}

export interface InitI18nOptions {
  language?: Language;
  /** Bundled resources (tests): no backend then. */
  resources?: Resource;
  /** The namespaces loaded at start (`common` unless said: the public pages load only their own). */
  namespaces?: readonly string[];
}

export async function initI18n(options: InitI18nOptions = {}): Promise<typeof i18n> {
  const language = options.language ?? startLanguage();
  if (options.resources === undefined) i18n.use(fetchBackend);
  i18n.use(initReactI18next);
  i18n.on('languageChanged', reflectLanguage);
  await i18n.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: options.resources === undefined ? [...(options.namespaces ?? [DEFAULT_NAMESPACE])] : [...I18N_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    ...(options.resources === undefined ? {} : { resources: options.resources }),
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next loads the files on a timer after its own start: two shorter tasks on a phone
    // instead of one. The start's requests already left (prefetchTranslations).
    initAsync: options.resources === undefined,
  });
  reflectLanguage(i18n.language);
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  setStoredLanguage(language);
  reader = language;
  // A switch to the fallback language right after the start finds its files whole.
  await Promise.all([...pendingFills]);
  await i18n.changeLanguage(language);
}

/** Translate an API message key (docs/api.md: keys of `common`); null if there is none. */
export function translateIfKnown(key: string, values?: Record<string, unknown>): string | null {
  return key !== '' && i18n.exists(key) ? i18n.t(key, values ?? {}) : null;
}

export { i18n };
