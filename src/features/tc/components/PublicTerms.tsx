/**
 * The terms of use and the privacy notice readable before signing in (/terms, linked from the
 * login page): the current version from the public read, in the reader's language, on a plain
 * page without the shell or Ionic's components. Shown by the public pages' light entry
 * (common/public-pages.ts) and by the app's /terms route: a plain fetch (no TanStack Query, no
 * router: "back" is a plain link to the login page).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import type { TcVersion } from '../../../../common/modules/tc/schemas';
import { formatDateTime } from '../../../lib/dates';
import { describeFailedCall, publicCall } from '../../../lib/public-call';
import { TcText } from './TcText';
import '../../../components/plain.css';
import './tc.css';

export function PublicTerms() {
  const { t, i18n } = useTranslation('tc');
  /** The current version (null: none published), or the failure's sentence; undefined while it loads. */
  const [current, setCurrent] = useState<{ version: TcVersion | null } | { error: string }>();
  useEffect(() => {
    let live = true;
    void (async () => {
      const answer = await publicCall<TcVersion | null>('/api/tcPublic/current', { credentials: 'omit' });
      if (answer.status >= 200 && answer.status < 300) {
        if (live) setCurrent({ version: answer.data ?? null });
        return;
      }
      // The failure's sentence is the app's (common): its words load now, only for it.
      await i18n.loadNamespaces('common').catch(() => undefined);
      if (live) setCurrent({ error: describeFailedCall(answer) });
    })();
    return () => {
      live = false;
    };
  }, [i18n]);
  const en = i18n.language.startsWith('en');
  const version = current !== undefined && 'version' in current ? current.version : null;
  return (
    <main className="plain-page tc-public">
      <div className="tc-public-body">
        <div className="tc-public-product">{PRODUCT_NAME}</div>
        <h1>{t('page.title')}</h1>
        {current === undefined && <p role="status">{t('loading')}</p>}
        {current !== undefined && 'error' in current && <p role="alert">{current.error}</p>}
        {current !== undefined && 'version' in current && version === null && <p>{t('page.none')}</p>}
        {version !== null && (
          <>
            <p className="tc-meta">{t('page.version', { version: version.version, date: formatDateTime(version.publishedAt, i18n.language) })}</p>
            <section aria-labelledby="tc-public-terms">
              <h2 id="tc-public-terms">{t('page.terms')}</h2>
              <TcText text={en ? version.termsEn : version.termsFr} headingLevel={3} />
            </section>
            <section aria-labelledby="tc-public-privacy">
              <h2 id="tc-public-privacy">{t('public.privacy')}</h2>
              <TcText text={en ? version.privacyEn : version.privacyFr} headingLevel={3} />
            </section>
          </>
        )}
        <a className="tc-link tc-target" href="/login">
          {t('public.back')}
        </a>
      </div>
    </main>
  );
}
