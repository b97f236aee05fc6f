/**
 * A contact's sheet (/contact-v2/contacts/$contactId): how to reach them (tap to call, to text,
 * to write), their company (a link to the supplier's sheet, by its address), their sites with
 * their role on each, their notes and history; their vCard to download. Managers edit, archive,
 * delete or restore it. The writes of this device still waiting are laid over the server's copy
 * and marked; a contact created offline shows from its own payload.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNameOf, type Contact } from '../../../../common/modules/contactV2/schemas';
import { ConfirmBar } from '../../../components/module/ConfirmBar';
import { ModulePage } from '../../../components/module/ModulePage';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { StatusChip } from '../../../components/module/StatusChip';
import { useKeptRecord } from '../../../components/module/kept-record';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingChanges, useServerMayHave, withPendingRecord } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { CONTACT_HISTORY_FIELDS } from '../history-fields';
import { CONTACT_MODULE, contacts } from '../kinds';
import { siteSheetHref, supplierSheetHref } from '../paths';
import { phoneHref, smsHref } from '../phones';
import './contact.css';

export interface ContactSheetProps {
  contactId: string;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

/** A contact created on this device, whole enough for its sheet. */
function fromCreate(payload: Partial<Contact> & { id: string }): Contact {
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  const contact = {
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: nobody,
    updatedAt: now,
    updatedBy: nobody,
    deletedAt: null,
    firstName: '',
    lastName: '',
    jobTitle: '',
    supplierId: null,
    phones: [],
    emails: [],
    notes: '',
    uid: payload.id,
    sites: [],
    archived: false,
    supplierName: null,
    siteNames: {},
    ...payload,
  };
  return { ...contact, displayName: displayNameOf(contact) };
}

export function ContactSheet({ contactId, onBack, onEdit }: ContactSheetProps) {
  const { t } = useTranslation('contact-v2');
  const query = useQuery({ ...contacts.recordQueryOptions(contactId), enabled: useServerMayHave(contacts.writeKinds.create, contactId) });
  const pending = contacts.ownWrites(usePendingChanges(CONTACT_MODULE).filter((write) => write.item.recordId === contactId));
  const server = query.data;
  const overlaid = withPendingRecord(server, pending);
  const contact = useKeptRecord(
    overlaid === undefined ? undefined : server === undefined ? fromCreate(overlaid as Contact) : { ...overlaid, displayName: displayNameOf(overlaid) },
    query.isFetching,
  );
  if (contact === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  return <ContactSheetView contact={contact} onServer={server !== undefined} pending={overlaid?.pending} onBack={onBack} onEdit={onEdit} />;
}

interface ViewProps {
  contact: Contact;
  onServer: boolean;
  pending: Parameters<typeof WaitingMark>[0]['pending'] | undefined;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

function ContactSheetView({ contact, onServer, pending, onBack, onEdit }: ViewProps) {
  const { t } = useTranslation('contact-v2');
  const manager = can(useEnvelope((state) => state.rights), 'contactV2', 'manage');
  const follow = useLinkNavigation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleted = contact.deletedAt !== null;
  const empty = t('sheet.empty');
  const editable = manager && !deleted && onServer;
  const name = contact.displayName || empty;

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const downloadVcard = () =>
    void downloadApiFile(`contact-v2/contacts/${encodeURIComponent(contact.id)}/vcard`, undefined, 'contact.vcf').catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));

  const actions = (
    <>
      {editable && <IonButton onClick={onEdit}>{t('sheet.edit')}</IonButton>}
      {onServer && (
        <IonButton fill="outline" onClick={downloadVcard}>
          {t('sheet.vcard')}
        </IonButton>
      )}
      {editable && (
        <IonButton fill="outline" onClick={() => void act(() => contacts.queueUpdate(contact, { ...contact, archived: !contact.archived }), contact.archived ? 'sheet.unarchived' : 'sheet.archived_done')}>
          {contact.archived ? t('sheet.unarchive') : t('sheet.archive')}
        </IonButton>
      )}
      {editable && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirmDelete(true)}>
          {t('sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && onServer && <IonButton onClick={() => void act(() => contacts.queueRestore(contact), 'sheet.restored')}>{t('sheet.restore')}</IonButton>}
    </>
  );

  const mobile = contact.phones.find((phone) => phone.type === 'mobile');
  const supplierHref = contact.supplierId === null ? null : supplierSheetHref(contact.supplierId);

  return (
    <ModulePage title={name} onBack={onBack} actions={actions}>
      <RecordSheet label={name}>
        {(pending !== undefined || deleted || contact.archived) && (
          <p className="contact-sheet-marks">
            {contact.archived && <StatusChip label={t('sheet.archived')} tone="neutral" />}
            {deleted && <StatusChip label={t('sheet.deleted')} tone="danger" />}
            {pending !== undefined && <WaitingMark pending={pending} />}
          </p>
        )}
        {confirmDelete && (
          <ConfirmBar
            className="contact-confirm"
            question={t('sheet.delete_confirm', { name })}
            confirmLabel={t('sheet.delete_yes')}
            cancelLabel={t('sheet.cancel')}
            onConfirm={() => void act(() => contacts.queueDelete(contact), 'sheet.deleted_done')}
            onCancel={() => setConfirmDelete(false)}
          />
        )}
        <RecordSection title={t('sheet.reach')}>
          <p className="contact-actions">
            {contact.phones.map((phone) => (
              <a key={`tel-${phone.number}`} className="contact-action" href={phoneHref(phone.number)} aria-label={t('sheet.call', { name, number: phone.number })}>
                {t(`phone.${phone.type}`)} · {phone.number}
              </a>
            ))}
            {mobile !== undefined && (
              <a className="contact-action" href={smsHref(mobile.number)}>
                {t('sheet.text')}
              </a>
            )}
            {contact.emails.map((email) => (
              <a key={email} className="contact-action" href={`mailto:${email}`}>
                {email}
              </a>
            ))}
          </p>
          {contact.phones.length === 0 && contact.emails.length === 0 && <p>{t('sheet.no_means')}</p>}
        </RecordSection>
        <RecordSection title={t('sheet.work')}>
          <RecordFields
            fields={[
              { label: t('field.jobTitle'), value: contact.jobTitle || empty },
              {
                label: t('field.company'),
                value:
                  supplierHref === null ? (
                    empty
                  ) : (
                    <a href={supplierHref} onClick={follow(supplierHref)}>
                      {contact.supplierName ?? t('sheet.company_link')}
                    </a>
                  ),
              },
            ]}
          />
        </RecordSection>
        <RecordSection title={t('field.sites')}>
          {contact.sites.length === 0 ? (
            <p>{t('sheet.no_sites')}</p>
          ) : (
            <ul className="contact-site-lines">
              {contact.sites.map((link) => {
                const href = siteSheetHref(link.siteId);
                return (
                  <li key={`${link.siteId}-${link.role}`} className="contact-site-line">
                    <a href={href} onClick={follow(href)}>
                      {contact.siteNames[link.siteId] ?? t('sheet.site_link')}
                    </a>
                    <StatusChip label={t(`role.${link.role}`)} tone={link.role === 'emergency' || link.role === 'fireSafety' ? 'warning' : 'info'} />
                  </li>
                );
              })}
            </ul>
          )}
        </RecordSection>
        <RecordSection title={t('field.notes')}>
          <p className="contact-notes">{contact.notes || empty}</p>
        </RecordSection>
        {onServer && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={contacts.historyQueryOptions(contact.id)} fields={CONTACT_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}
