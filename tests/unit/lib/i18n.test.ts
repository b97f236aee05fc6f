import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { I18N_NAMESPACES, LANGUAGES } from '../../../common/constants';
import { changeLanguage, detectLanguage, i18n } from '../../../src/lib/i18n';
import { localeFiles } from '../../../src/testing/i18n';


function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function read(language: string, namespace: string): unknown {
  const file = localeFiles.find((f) => f.language === language && f.namespace === namespace);
  if (file === undefined) throw new Error(`public/locales/${language}/${namespace}.json is missing`);
  return file.content;
}

describe('translation files', () => {
  it('exist for every namespace in every language, and nothing else', () => {
    expect([...new Set(localeFiles.map((f) => f.language))].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const namespaces = localeFiles.filter((f) => f.language === language).map((f) => f.namespace);
      expect(namespaces.sort()).toEqual([...I18N_NAMESPACES].sort());
    }
  });

  it('name each key once in its object (JSON keeps the last of two, losing the first one\'s texts)', () => {
    const repeated: string[] = [];
    for (const language of LANGUAGES) {
      for (const name of readdirSync(`public/locales/${language}`)) {
        // JSON.parse cannot see a repeated key: read the text's strings, braces and colons.
        const objects: Set<string>[] = [];
        let previous = '';
        for (const [token] of readFileSync(`public/locales/${language}/${name}`, 'utf8').matchAll(/"(?:[^"\\]|\\.)*"|[{}:]/g)) {
          if (token === '{') objects.push(new Set());
          else if (token === '}') objects.pop();
          else if (token === ':') {
            const keys = objects.at(-1)!;
            if (keys.has(previous)) repeated.push(`${language}/${name}: ${previous}`);
            keys.add(previous);
          }
          previous = token;
        }
      }
    }
    expect(repeated).toEqual([]);
  });

  it('have the same keys in French and English, none empty', () => {
    for (const namespace of I18N_NAMESPACES) {
      const fr = read('fr', namespace);
      const en = read('en', namespace);
      expect(keysOf(en).sort(), namespace).toEqual(keysOf(fr).sort());
      for (const language of [fr, en]) {
        for (const key of keysOf(language)) {
          const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], language);
          expect(typeof text === 'string' && text.trim() !== '', `${namespace}:${key}`).toBe(true);
        }
      }
      if (namespace !== 'common') expect(keysOf(en), namespace).toContain('title');
    }
  });

  it('translate every error message key of the API contract', () => {
    const keys = [
      'token_expired', 'token_invalid', 'communication_error', 'internal_error',
      'validation.invalid_request', 'request.body_too_large', 'request.not_found',
      'auth.invalid_credentials', 'auth.account_disabled', 'user.email_already_used',
      'site_duplicated', 'not_good_template_import', 'user_duplicated',
      'errors.page_not_found', 'errors.title',
      // what the server answers today (server/src), so no user sees a raw key
      'auth.too_many_attempts', 'auth.missing_rights', 'auth.no_district_access', 'session.tenant_changed',
      'admin.client_not_found', 'admin.district_not_found', 'district.not_found', 'files.not_found',
      'notifications.not_found', 'request.invalid', 'request.invalid_body', 'request.invalid_json',
      'request.unsupported_media_type', 'emergency.duplicate_site', 'emergency.duplicate_stage',
      'emergency.idempotency_mismatch', 'emergency.in_flight', 'emergency.invalid_delay',
      'emergency.invalid_image', 'emergency.share_expired', 'emergency.share_not_found',
      'emergency.site_not_found',
      // attachments (server/src/routes/api/uploads, attachments)
      'upload.invalid_metadata', 'upload.invalid_request', 'upload.not_found', 'upload.offset_mismatch',
      'upload.tus_version', 'upload.too_large', 'upload.locked', 'upload.id_taken',
      'upload.record_locked', 'upload.record_not_found', 'upload.not_yours',
      'attachments.not_found', 'attachments.no_thumbnail', 'attachments.range_not_satisfiable', 'attachments.not_yours', 'attachments.not_this_record',
      // questionnaire report share links (server/src/modules/questionnaires/shares.ts)
      'questionnaires.share_not_submitted', 'questionnaires.share_not_found', 'questionnaires.shared_report_not_found', 'questionnaires.share_mail_refused',
      // the map (server/src/modules/cartography)
      ...['layer_not_found', 'category_not_found', 'point_not_found', 'group_not_found', 'area_not_found', 'site_not_found', 'layer_kind', 'managers_only', 'layer_in_use',
        'category_in_use', 'group_in_use', 'invalid_geometry', 'invalid_bbox', 'unknown_layer', 'unknown_type', 'invalid_date', 'invalid_import', 'import_category_required',
        'tile_not_found', 'basemap_unavailable', 'geocoder_unavailable', 'geocoder_not_configured'].map((key) => `cartography.${key}`),
    ];
    for (const language of LANGUAGES) {
      const common = keysOf(read(language, 'common'));
      for (const key of keys) expect(common, `${language}:${key}`).toContain(key);
    }
  });
});

describe('language', () => {
  it('follows the stored choice, else the browser, else French', () => {
    expect(detectLanguage('en', 'fr-FR')).toBe('en');
    expect(detectLanguage(null, 'fr-CA')).toBe('fr');
    expect(detectLanguage(null, 'en-GB')).toBe('en');
    expect(detectLanguage(null, 'de-DE')).toBe('fr');
    expect(detectLanguage('xx', undefined)).toBe('fr');
  });

  it('sets <html lang> and remembers the choice', async () => {
    await changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('lang')).toBe('fr');
    expect(i18n.t('login.submit')).toBe('Se connecter');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('login.submit')).toBe('Log in');
  });
});
