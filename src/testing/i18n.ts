/** Tests translate with the real public/locales files, read at build time by Vite. */
import type { Resource } from 'i18next';
import type { Language } from '../../common/constants';
import { initI18n } from '../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('/public/locales/*/*.json', { eager: true, import: 'default' });

export interface LocaleFile {
  language: string;
  namespace: string;
  content: Record<string, unknown>;
}

/** Every file under public/locales, parsed. */
export const localeFiles: readonly LocaleFile[] = Object.entries(files).flatMap(([path, content]) => {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match === null ? [] : [{ language: match[1] ?? '', namespace: match[2] ?? '', content }];
});

export function localeResources(): Resource {
  const resources: Resource = {};
  for (const { language, namespace, content } of localeFiles) {
    resources[language] = { ...resources[language], [namespace]: content };
  }
  return resources;
}

export const initTestI18n = (language: Language = 'en') => initI18n({ language, resources: localeResources() });
