/**
 * lib/i18n.ts's backend: the translation files come from /locales/{lng}/{ns}.json by fetch,
 * the start's files requested before i18next starts (prefetchTranslations) and not again.
 */
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fetchBackend, prefetchTranslations, reloadFailedTranslations } from '../../../src/lib/i18n';
import { server } from '../../../src/testing/server';

/** Serves the locale files from `files` (a status for a failure), counting the requests per path. */
function serveLocales(files: Record<string, Record<string, string> | number[]>) {
  const requests: string[] = [];
  server.use(
    http.get('*/locales/:lng/:ns', ({ params }) => {
      const path = `${String(params.lng)}/${String(params.ns)}`;
      requests.push(path);
      const file = files[path];
      if (Array.isArray(file)) {
        const status = file.shift();
        if (status !== undefined) return new HttpResponse(null, { status });
        return HttpResponse.json({ greeting: `${path} after failures` });
      }
      return file === undefined ? new HttpResponse(null, { status: 404 }) : HttpResponse.json(file);
    }),
  );
  return requests;
}

function startI18n(language: string) {
  const instance = i18next.createInstance().use(fetchBackend);
  const ready = instance.init({ lng: language, fallbackLng: 'fr', ns: ['common'], defaultNS: 'common', load: 'languageOnly' });
  return { instance, ready };
}

describe('the translations backend', () => {
  it('uses the prefetched requests of the start: each file is asked for once', async () => {
    const requests = serveLocales({ 'en/common.json': { greeting: 'Hello' }, 'fr/common.json': { greeting: 'Bonjour' } });
    prefetchTranslations('en');
    const { instance, ready } = startI18n('en');
    await ready;
    expect(instance.t('greeting')).toBe('Hello');
    await vi.waitFor(() => expect(requests.sort()).toEqual(['en/common.json', 'fr/common.json']), { timeout: 3000 });
  });

  it('answers an English reader without waiting for the French files, fetched afterwards for a key the English file lacks', async () => {
    const requests = serveLocales({ 'en/common.json': { greeting: 'Hello' }, 'fr/common.json': { greeting: 'Bonjour', farewell: 'Au revoir' } });
    prefetchTranslations('en');
    const { instance, ready } = startI18n('en');
    await ready;
    expect(requests).toEqual(['en/common.json']);
    expect(instance.t('greeting')).toBe('Hello');
    await vi.waitFor(() => expect(instance.t('farewell')).toBe('Au revoir'), { timeout: 3000 });
    expect(instance.t('greeting')).toBe('Hello');
  });

  it('tries again after a server error or a failed request', async () => {
    const requests = serveLocales({ 'fr/common.json': [503] });
    const { instance, ready } = startI18n('fr');
    await ready;
    expect(instance.t('greeting')).toBe('fr/common.json after failures');
    expect(requests).toEqual(['fr/common.json', 'fr/common.json']);
  });

  it('does not try again while the browser is offline: the screen asking for the file is not held for the retries', async () => {
    let requests = 0;
    server.use(
      http.get('*/locales/:lng/:ns', () => {
        requests += 1;
        return HttpResponse.error();
      }),
    );
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await startI18n('fr').ready;
      expect(requests).toBe(1);
    } finally {
      online.mockRestore();
    }
  });

  it('reads a file that failed offline again once the connection is back, and the texts show', async () => {
    server.use(http.get('*/locales/:lng/:ns', () => HttpResponse.error()));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { instance, ready } = startI18n('fr');
    try {
      await ready;
    } finally {
      online.mockRestore();
    }
    expect(instance.t('greeting')).toBe('greeting');
    const changed = vi.fn();
    instance.on('languageChanged', changed);

    serveLocales({ 'fr/common.json': { greeting: 'Bonjour' } });
    await reloadFailedTranslations(instance);
    expect(instance.t('greeting')).toBe('Bonjour');
    // What react-i18next renders the screens again on.
    expect(changed).toHaveBeenCalledWith('fr');
  });

  it('does not ask again for a file the server does not have: the fallback language answers', async () => {
    const requests = serveLocales({ 'fr/common.json': { greeting: 'Bonjour' } });
    const { instance, ready } = startI18n('en');
    await ready;
    expect(instance.t('greeting')).toBe('Bonjour');
    expect(requests.filter((path) => path === 'en/common.json')).toHaveLength(1);
  });
});
