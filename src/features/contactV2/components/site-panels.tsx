/**
 * The Contacts panels on other modules' screens (registered in ../index.ts through
 * lib/record-panels.ts, loaded in this chunk the first time a host shows one):
 * - a site's sheet: its contacts by role, each with tap-to-call, to text and to write, and a
 *   link to the contact's sheet;
 * - the emergency dialog: the chosen site's emergency contacts and fire safety officers, to call;
 * - a supplier's sheet: its people (the contact list filtered by the supplier).
 * Both read the site's own list when the network answers, and otherwise the offline copy of every
 * site's safety contacts that the shell keeps (kinds.ts), so a field user offline still calls them.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteContact } from '../../../../common/modules/contactV2/schemas';
import { RecordSection } from '../../../components/module/RecordSheet';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { contacts, safetyContactsQueryOptions, siteContactsQueryOptions } from '../kinds';
import { contactHref } from '../paths';
import { phoneHref, smsHref } from '../phones';
import './contact.css';

/** The site's contacts: its own list, or the safety ones of the kept copy. */
function useSiteContacts(siteId: string, safetyOnly: boolean): { contacts: SiteContact[] | undefined; loading: boolean } {
  const own = useQuery({ ...siteContactsQueryOptions(siteId), enabled: !safetyOnly });
  const safety = useQuery(safetyContactsQueryOptions());
  const fromSafety = safety.data?.filter((c) => c.siteId === siteId);
  const contacts = safetyOnly ? fromSafety : (own.data ?? fromSafety);
  return { contacts, loading: contacts === undefined && (own.isPending || safety.isPending) };
}

function ContactLine({ contact, link }: { contact: SiteContact; link: boolean }) {
  const { t } = useTranslation('contact-v2');
  const follow = useLinkNavigation();
  const href = contactHref(contact.contactId);
  return (
    <li className="contact-site-line">
      <span className="contact-site-text">
        {link ? (
          <a href={href} onClick={follow(href)}>
            <strong>{contact.displayName}</strong>
          </a>
        ) : (
          <strong>{contact.displayName}</strong>
        )}
        <span>{[t(`role.${contact.role}`), contact.jobTitle, contact.supplierName].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="contact-actions">
        {contact.phones.map((phone) => (
          <a key={`tel-${phone.number}`} className="contact-action" href={phoneHref(phone.number)} aria-label={t('sheet.call', { name: contact.displayName, number: phone.number })}>
            {phone.number}
          </a>
        ))}
        {link && contact.phones.some((p) => p.type === 'mobile') && (
          <a className="contact-action" href={smsHref(contact.phones.find((p) => p.type === 'mobile')!.number)}>
            {t('sheet.text')}
          </a>
        )}
        {link && contact.emails[0] !== undefined && (
          <a className="contact-action" href={`mailto:${contact.emails[0]}`}>
            {t('sheet.write')}
          </a>
        )}
      </span>
    </li>
  );
}

export function SiteContactsPanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('contact-v2');
  const { contacts, loading } = useSiteContacts(recordId, false);
  return (
    <RecordSection title={t('panel.site_title')}>
      {loading ? (
        <p>{t('panel.loading')}</p>
      ) : contacts === undefined ? (
        <p>{t('panel.offline')}</p>
      ) : contacts.length === 0 ? (
        <p>{t('panel.none')}</p>
      ) : (
        <ul className="contact-site-lines" aria-label={t('panel.site_title')}>
          {contacts.map((contact) => (
            <ContactLine key={`${contact.contactId}-${contact.role}`} contact={contact} link />
          ))}
        </ul>
      )}
    </RecordSection>
  );
}

export function EmergencyContactsPanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('contact-v2');
  const { contacts } = useSiteContacts(recordId, true);
  if (contacts === undefined || contacts.length === 0) return null;
  return (
    <section className="contact-emergency" aria-label={t('panel.emergency_title')}>
      <h3>{t('panel.emergency_title')}</h3>
      <ul className="contact-site-lines">
        {contacts.map((contact) => (
          <ContactLine key={`${contact.contactId}-${contact.role}`} contact={contact} link={false} />
        ))}
      </ul>
    </section>
  );
}


/** A supplier's sheet: its people, each with a link to their sheet and their number to call. */
export function SupplierContactsPanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('contact-v2');
  const follow = useLinkNavigation();
  const people = useInfiniteQuery(contacts.pagesQueryOptions({ supplier: recordId }));
  const rows = people.data?.pages.flatMap((page) => page.items);
  return (
    <RecordSection title={t('panel.supplier_title')}>
      {rows === undefined ? (
        <p>{people.isPending && !people.isPaused ? t('panel.loading') : t('panel.offline_supplier')}</p>
      ) : rows.length === 0 ? (
        <p>{t('panel.none_supplier')}</p>
      ) : (
        <ul className="contact-site-lines" aria-label={t('panel.supplier_title')}>
          {rows.map((row) => {
            const href = contactHref(row.id);
            const phone = row.phones[0];
            return (
              <li key={row.id} className="contact-site-line">
                <span className="contact-site-text">
                  <a href={href} onClick={follow(href)}>
                    <strong>{row.displayName}</strong>
                  </a>
                  <span>{row.jobTitle}</span>
                </span>
                {phone !== undefined && (
                  <a className="contact-action" href={phoneHref(phone.number)} aria-label={t('sheet.call', { name: row.displayName, number: phone.number })}>
                    {phone.number}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </RecordSection>
  );
}
