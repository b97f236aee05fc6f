/**
 * /viewerThirdParty/$token: the public page an emergency e-mail links to. No login, no shell:
 * the shared site (name, description, address, GPS, owner, 3D and 360 stages with their
 * images) until the share expires; then the server's 410 (expired) or 404 (unknown) message.
 */
import { IonContent, IonPage, IonSpinner, IonText } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import { useKeyboardScrollable } from '../../../hooks/use-keyboard-scrollable';
import { formatDateTime } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { viewerThirdPartyQueryOptions } from '../api/get-viewer-third-party';
import { formatPosition } from '../../../lib/numbers';
import './viewer.css';

export function ViewerThirdPartyPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const shared = useQuery(viewerThirdPartyQueryOptions(token));
  const content = useRef<HTMLIonContentElement>(null);
  useKeyboardScrollable(content);

  return (
    <IonPage>
      {/* IonContent is the page's main landmark: no <main> inside it. */}
      <IonContent ref={content}>
        <div className="viewer-page">
          <p className="viewer-product">{PRODUCT_NAME}</p>
          {shared.isPending && (
            <p role="status">
              <IonSpinner name="crescent" aria-hidden="true" /> {t('emergency.viewer_loading')}
            </p>
          )}
          {shared.isError && (
            <IonText color="danger" role="alert">
              <h1>{describeApiError(shared.error)}</h1>
            </IonText>
          )}
          {shared.data && (
            <article>
              <p className="viewer-kicker">{t('emergency.viewer_title')}</p>
              <h1>{shared.data.site.name}</h1>
              <p>{t('emergency.viewer_until', { time: formatDateTime(shared.data.expiresAt, i18n.language) })}</p>
              {shared.data.description !== '' && <p>{shared.data.description}</p>}
              <dl>
                {shared.data.site.description !== undefined && shared.data.site.description !== '' && (
                  <>
                    <dt>{t('emergency.viewer_description')}</dt>
                    <dd>{shared.data.site.description}</dd>
                  </>
                )}
                {shared.data.site.address !== undefined && shared.data.site.address.fullAddress !== '' && (
                  <>
                    <dt>{t('emergency.viewer_address')}</dt>
                    <dd>{shared.data.site.address.fullAddress}</dd>
                  </>
                )}
                {shared.data.site.gps != null && (
                  <>
                    <dt>{t('emergency.viewer_gps')}</dt>
                    <dd>
                      {formatPosition(shared.data.site.gps, i18n.language)}
                    </dd>
                  </>
                )}
                {shared.data.site.owner !== undefined && shared.data.site.owner.name !== '' && (
                  <>
                    <dt>{t('emergency.viewer_owner')}</dt>
                    <dd>{shared.data.site.owner.name}</dd>
                  </>
                )}
              </dl>
              {shared.data.site.threeD.length > 0 && (
                <section>
                  <h2>{t('emergency.viewer_3d')}</h2>
                  <ul>
                    {shared.data.site.threeD.map((s) => (
                      <li key={s.name}>{s.name}</li>
                    ))}
                  </ul>
                </section>
              )}
              {shared.data.site.threeSixty.length > 0 && (
                <section>
                  <h2>{t('emergency.viewer_360')}</h2>
                  {shared.data.site.threeSixty.map((s) => (
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
      </IonContent>
    </IonPage>
  );
}
