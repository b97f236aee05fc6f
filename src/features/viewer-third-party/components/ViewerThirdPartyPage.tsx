/**
 * /viewerThirdParty/$token: the public page an emergency e-mail links to. No login, no shell, no
 * Ionic component code (the public pages' light entry, common/public-pages.ts): the shared site
 * (name, description, address, GPS, owner, 3D and 360 stages with their images) until the share
 * expires; then the server's 410 (expired) or 404 (unknown) message, in the reader's language.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerThirdPartyData } from '../../../../common/api-types';
import { PRODUCT_NAME } from '../../../../common/constants';
import { formatDateTime } from '../../../lib/dates';
import { formatPosition } from '../../../lib/numbers';
import { describeFailedCall, publicCall, type PublicAnswer } from '../../../lib/public-call';
import '../../../components/plain.css';
import './viewer.css';

/** GET /api/viewerThirdParty/:token (public): a shared site, until the share expires (410). */
export const requestEmergencyShare = (token: string): Promise<PublicAnswer<ViewerThirdPartyData>> =>
  publicCall<ViewerThirdPartyData>(`/api/viewerThirdParty/${encodeURIComponent(token)}`, { credentials: 'omit' });

export function ViewerThirdPartyPage({ token, first }: { token: string; first?: Promise<PublicAnswer<ViewerThirdPartyData>> }) {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<PublicAnswer<ViewerThirdPartyData> | null>(null);
  // The request main.tsx sent with the page's code, used by the first load only.
  const early = useRef(first);

  const load = useCallback(async () => {
    const request = early.current ?? requestEmergencyShare(token);
    early.current = undefined;
    setAnswer(null);
    setAnswer(await request);
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  const shared = answer?.data;
  useEffect(() => {
    document.title = shared ? `${shared.site.name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [shared]);

  // The page is its own scroller: a tab stop, so a shared site with no link in it (images, text)
  // scrolls with the keyboard too (WCAG 2.1.1; axe's scrollable-region-focusable).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <main className="plain-page" tabIndex={0}>
      <div className="viewer-page">
        <p className="viewer-product">{PRODUCT_NAME}</p>
        {answer === null && (
          <p role="status" className="plain-status">
            <span className="app-spinner" aria-hidden="true" /> {t('emergency.viewer_loading')}
          </p>
        )}
        {answer !== null && shared === undefined && (
          <div role="alert" className="viewer-failure">
            <h1 className="plain-error">{describeFailedCall(answer)}</h1>
            {answer.status === 0 && (
              <button type="button" className="app-button" onClick={() => void load()}>
                {t('emergency.retry')}
              </button>
            )}
          </div>
        )}
        {shared !== undefined && (
          <article>
            <p className="viewer-kicker">{t('emergency.viewer_title')}</p>
            <h1>{shared.site.name}</h1>
            <p>{t('emergency.viewer_until', { time: formatDateTime(shared.expiresAt, i18n.language) })}</p>
            {shared.description !== '' && <p>{shared.description}</p>}
            <dl>
              {shared.site.description !== undefined && shared.site.description !== '' && (
                <>
                  <dt>{t('emergency.viewer_description')}</dt>
                  <dd>{shared.site.description}</dd>
                </>
              )}
              {shared.site.address !== undefined && shared.site.address.fullAddress !== '' && (
                <>
                  <dt>{t('emergency.viewer_address')}</dt>
                  <dd>{shared.site.address.fullAddress}</dd>
                </>
              )}
              {shared.site.gps != null && (
                <>
                  <dt>{t('emergency.viewer_gps')}</dt>
                  <dd>{formatPosition(shared.site.gps, i18n.language)}</dd>
                </>
              )}
              {shared.site.owner !== undefined && shared.site.owner.name !== '' && (
                <>
                  <dt>{t('emergency.viewer_owner')}</dt>
                  <dd>{shared.site.owner.name}</dd>
                </>
              )}
            </dl>
            {shared.site.threeD.length > 0 && (
              <section>
                <h2>{t('emergency.viewer_3d')}</h2>
                <ul>
                  {shared.site.threeD.map((s) => (
                    <li key={s.name}>{s.name}</li>
                  ))}
                </ul>
              </section>
            )}
            {shared.site.threeSixty.length > 0 && (
              <section>
                <h2>{t('emergency.viewer_360')}</h2>
                {shared.site.threeSixty.map((s) => (
                  <figure key={s.name} className="viewer-figure">
                    {s.image === null ? <p>{t('emergency.viewer_no_image')}</p> : <img src={s.image} alt={s.name} />}
                    <figcaption>{s.name}</figcaption>
                  </figure>
                ))}
              </section>
            )}
          </article>
        )}
      </div>
    </main>
  );
}
