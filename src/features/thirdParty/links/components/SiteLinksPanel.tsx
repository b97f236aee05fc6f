/**
 * "Share" on a site's sheet (host `sites`, registered in ../start.ts): the site's links with their
 * state, and the way to share the site with someone outside the product (/third-party/new
 * prefilled with the site).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RecordSection } from '../../../../components/module/RecordSheet';
import { StatusChip } from '../../../../components/module/StatusChip';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { formatDate } from '../../../../lib/dates';
import { linkHref, linksQueryOptions, LINKS_BASE } from '../api';
import './links.css';

export function SiteLinksPanel({ recordId }: { recordId: string }) {
  const { t, i18n } = useTranslation('third-party');
  const follow = useLinkNavigation();
  const links = useQuery(linksQueryOptions({ siteId: recordId }));
  const shareHref = `${LINKS_BASE}/new?siteId=${encodeURIComponent(recordId)}`;
  const live = (links.data ?? []).filter((l) => l.state === 'active');
  return (
    <RecordSection title={t('links.panel.title')}>
      <a className="third-party-links-button" href={shareHref} onClick={follow(shareHref)}>
        {t('links.panel.share')}
      </a>
      {links.data !== undefined && live.length === 0 && <p>{t('links.panel.none')}</p>}
      <ul className="third-party-links-list">
        {live.map((link) => (
          <li key={link.id} className="third-party-links-row">
            <a href={linkHref(link.id)} onClick={follow(linkHref(link.id))} className="third-party-links-row-link">
              <strong>{link.recipientName}</strong>
              <span className="third-party-links-muted">{t('links.expires', { date: formatDate(link.expiresAt, i18n.language) })}</span>
            </a>
            <StatusChip label={t('links.state.active')} tone="success" />
          </li>
        ))}
      </ul>
    </RecordSection>
  );
}
