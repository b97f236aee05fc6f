/**
 * Who is on a site now (the register of the outside companies), lent to the site's sheet and to
 * the emergency dialog's chosen site (record panels): the people signed in and not out, with
 * their company and arrival, this device's queued sign-ins and sign-outs included.
 */
import { useTranslation } from 'react-i18next';
import { RecordSection } from '../../../../components/module/RecordSheet';
import { PresenceList } from './presence';
import './companies.css';

export function SitePresencePanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('third-party');
  return (
    <RecordSection title={t('companies.panel.title')}>
      <PresenceList siteId={recordId} />
    </RecordSection>
  );
}
