/**
 * The private iCal address (GET/POST/DELETE /api/calendar/feed): whether the person has one
 * and since when; making one (the server answers the address this once: shown here with a
 * Copy button and a webcal: link, until the page is left); revoking it. Making a new one stops
 * the old one: said before the button, and asked again when one exists. Online actions (the
 * address is answered once and must be shown then: not for the outbox).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLink } from '../../../components/CopyableLink';
import { requireNetwork } from '../../../lib/connectivity';
import { formatDateTime } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { useCreateFeed } from '../api/create-feed';
import { useFeed } from '../api/get-feed';
import { useRevokeFeed } from '../api/revoke-feed';

/** The address under the app's origin (the server may answer a path), and its webcal: twin for calendar applications. */
export function feedAddresses(url: string, origin: string): { https: string; webcal: string } {
  const https = new URL(url, origin).toString();
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

export function FeedPanel() {
  const { t, i18n } = useTranslation('calendar');
  const feed = useFeed();
  /** The address just made, shown until the page is left (the server never answers it again). */
  const [made, setMade] = useState<string | null>(null);
  /** A new address was asked while one exists: the warning waits for a confirmation. */
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const failed = (error: Error) => showToast({ message: describeApiError(error), kind: 'danger' });

  const makeAddress = () => {
    if (!requireNetwork()) return;
    setConfirming(null);
    create.mutate(undefined, {
      onSuccess: (answer) => setMade(answer.url === null ? null : feedAddresses(answer.url, window.location.origin).https),
      onError: failed,
    });
  };
  const revokeAddress = () => {
    if (!requireNetwork()) return;
    setConfirming(null);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        showToast({ message: t('feed.revoked'), kind: 'success' });
      },
      onError: failed,
    });
  };

  const active = feed.data?.active === true;
  const busy = create.isPending || revoke.isPending;
  return (
    <section className="calendar-feed" aria-labelledby="calendar-feed-title" data-testid="calendar-feed">
      <h2 id="calendar-feed-title">{t('feed.title')}</h2>
      <p>{t('feed.intro')}</p>
      {feed.isPending && <p role="status">{t('loading')}</p>}
      {feed.isError && <p role="alert">{describeApiError(feed.error)}</p>}
      {feed.isSuccess && (
        <p data-testid="calendar-feed-state">
          {active
            ? feed.data.createdAt === null
              ? t('feed.active')
              : t('feed.active_since', { date: formatDateTime(feed.data.createdAt, i18n.language) })
            : t('feed.none')}
        </p>
      )}
      {made !== null && (
        <div className="calendar-feed-made" role="status">
          <p>{t('feed.made')}</p>
          <CopyableLink key={made} url={made} label={t('feed.address')} copy={t('feed.copy')} copied={t('feed.copied')} copyFailed={t('feed.copy_failed')} />
          <p>
            <a href={feedAddresses(made, window.location.origin).webcal} className="calendar-feed-webcal">
              {t('feed.subscribe')}
            </a>
          </p>
        </div>
      )}
      {confirming !== null && (
        <div className="calendar-feed-confirm" role="group" aria-labelledby="calendar-feed-warning">
          <p id="calendar-feed-warning">{t(confirming === 'replace' ? 'feed.replace_warning' : 'feed.revoke_warning')}</p>
          <button type="button" className={`calendar-button calendar-button-solid${confirming === 'revoke' ? ' calendar-button-danger' : ''}`} onClick={confirming === 'replace' ? makeAddress : revokeAddress}>
            {t(confirming === 'replace' ? 'feed.replace_confirm' : 'feed.revoke_confirm')}
          </button>
          <button type="button" className="calendar-button" onClick={() => setConfirming(null)}>
            {t('feed.cancel')}
          </button>
        </div>
      )}
      {feed.isSuccess && confirming === null && (
        <div className="calendar-feed-actions">
          {active ? (
            <>
              <button type="button" className="calendar-button" disabled={busy} onClick={() => setConfirming('replace')}>
                {t('feed.replace')}
              </button>
              <button type="button" className="calendar-button calendar-button-danger" disabled={busy} onClick={() => setConfirming('revoke')}>
                {t('feed.revoke')}
              </button>
            </>
          ) : (
            <button type="button" className="calendar-button calendar-button-solid" disabled={busy} onClick={makeAddress}>
              {t('feed.make')}
            </button>
          )}
        </div>
      )}
      {active && confirming === null && <p className="calendar-note">{t('feed.replace_note')}</p>}
    </section>
  );
}
