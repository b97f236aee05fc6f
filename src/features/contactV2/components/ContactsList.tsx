/**
 * The contact list (/contact-v2/contacts, and beside a sheet on a wide screen): RecordList with
 * the search (name, company, phone, e-mail, folded), the company, site and role filters, the
 * archived and (managers) deleted views, all in the address. A row: the name, the job title and
 * company, the roles; contacts written on this device and not yet sent show at once, waiting.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayNameOf, type ContactRow } from '../../../../common/modules/contactV2/schemas';
import { stateOf, StateFilter, stateSearch } from '../../../components/module/DeletedFilter';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { listTexts, RecordList } from '../../../components/module/RecordList';
import { useSearchPatch } from '../../../components/module/search-patch';
import { SiteSelect } from '../../../components/module/SiteSelect';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingChanges, withPendingList, type WithPending } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { matchesSearch } from '../../../lib/text-fold';
import { siteChoicesQueryOptions, supplierChoicesQueryOptions } from '../choices';
import { CONTACT_MODULE, contacts } from '../kinds';
import { contactHref, contactsListHref } from '../paths';
import { ROLES, validateContactSearch, type ContactListSearch } from '../search';

export const CONTACT_ROW_HEIGHT = 76;
export const CONTACT_NARROW_ROW_HEIGHT = 100;

type Pending = WithPending<ContactRow> & { firstName?: string; lastName?: string; sites?: { siteId: string; role: string }[] };

export function ContactsList({ search, selectedId }: { search: ContactListSearch; selectedId?: string }) {
  const { t } = useTranslation('contact-v2');
  const manager = can(useEnvelope((state) => state.rights), 'contactV2', 'manage');
  const supplierList = useQuery(supplierChoicesQueryOptions());
  const pending = contacts.ownWrites(usePendingChanges(CONTACT_MODULE));
  const follow = useLinkNavigation();
  const setSearch = useSearchPatch(validateContactSearch, contactsListHref);

  const overlay = (rows: ContactRow[], total: number) =>
    withPendingList(rows, total, pending, {
      matches: (row) => {
        const p = row as Pending;
        const name = p.displayName ?? displayNameOf({ firstName: p.firstName ?? '', lastName: p.lastName ?? '' });
        return (
          matchesSearch(search.search, [name, p.jobTitle ?? '', ...(p.emails ?? []), ...(p.phones ?? []).map((phone) => phone.number)]) &&
          (search.supplier === undefined || p.supplierId === search.supplier) &&
          (search.site === undefined || (p.sites ?? []).some((l) => l.siteId === search.site && (search.role === undefined || l.role === search.role))) &&
          (search.role === undefined || search.site !== undefined || (p.sites ?? []).some((l) => l.role === search.role)) &&
          (p.archived === true) === (search.archived === 'true')
        );
      },
      deletedView: search.deleted === 'true',
      complete: (row: WithPending<ContactRow>) => {
        const p = row as Pending;
        return {
          ...row,
          displayName: p.displayName ?? displayNameOf({ firstName: p.firstName ?? '', lastName: p.lastName ?? '' }),
          jobTitle: p.jobTitle ?? '',
          supplierId: p.supplierId ?? null,
          supplierName: p.supplierName ?? supplierList.data?.find((s) => s.id === p.supplierId)?.name ?? null,
          phones: p.phones ?? [],
          emails: p.emails ?? [],
          roles: p.roles ?? [...new Set((p.sites ?? []).map((l) => l.role))] as ContactRow['roles'],
          archived: p.archived ?? false,
          deletedAt: p.deletedAt ?? null,
        };
      },
    });
  const filtered = search.search !== undefined || search.supplier !== undefined || search.site !== undefined || search.role !== undefined;

  return (
    <RecordList
      query={contacts.pagesQueryOptions(search)}
      {...listTexts(t, filtered)}
      getKey={(contact) => contact.id}
      overlay={overlay}
      rowHeight={CONTACT_ROW_HEIGHT}
      narrowRowHeight={CONTACT_NARROW_ROW_HEIGHT}
      selectedId={selectedId}
      scrollKey={contactsListHref(search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      filters={
        <>
          <FilterSelect
            label={t('list.filter_company')}
            anyLabel={t('list.filter_any')}
            value={search.supplier}
            options={(supplierList.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }))}
            onChange={(supplier) => setSearch({ supplier })}
          />
          <SiteSelect label={t('list.filter_site')} value={search.site ?? null} noneLabel={t('list.filter_any')} choices={siteChoicesQueryOptions} onChange={(site) => setSearch({ site: site ?? undefined })} />
          <FilterSelect
            label={t('list.filter_role')}
            anyLabel={t('list.filter_any')}
            value={search.role}
            options={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            onChange={(role) => setSearch({ role })}
          />
          <StateFilter
            label={t('list.filter_state')}
            liveLabel={t('list.filter_active')}
            archivedLabel={t('list.filter_archived')}
            deletedLabel={manager ? t('list.filter_deleted') : undefined}
            state={stateOf(search)}
            onChange={(state) => setSearch(stateSearch(state))}
          />
        </>
      }
      renderRow={(row, selected) => {
        const contact: WithPending<ContactRow> = row;
        const href = contactHref(contact.id, search);
        return (
          <a href={href} onClick={follow(href)} className="record-row contact-row" aria-current={selected ? 'true' : undefined}>
            <span className="record-row-text">
              <strong>{contact.displayName}</strong>
              <span>{[contact.jobTitle, contact.supplierName, contact.phones[0]?.number].filter(Boolean).join(' · ') || t('sheet.empty')}</span>
            </span>
            <span className="record-row-chips">
              {contact.roles.filter((role) => role === 'emergency' || role === 'fireSafety').map((role) => (
                <StatusChip key={role} label={t(`role.${role}`)} tone="warning" />
              ))}
              {contact.archived && <StatusChip label={t('sheet.archived')} tone="neutral" />}
              {contact.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
              {contact.pending !== undefined && <WaitingMark pending={contact.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
