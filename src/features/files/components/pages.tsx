/**
 * The explorer's two pages: /files/sitesTypes (district administrators: pick a site type, edit
 * its template folders) and /files/sites (pick a site, browse its folders and documents). The
 * choice, the folder and the open document are in the address.
 */
import { IonInput, IonItem, IonList, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/Label';
import { ModulePage } from '../../../components/module';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { choicesQuery } from '../api';
import { FILES_SITES_PATH, FILES_TYPES_PATH, type FilesSearch } from '../search';
import { Explorer } from './Explorer';

/** A short list to pick from, filtered by what is typed (a district may have thousands of sites). */
function Picker({ items, label, onPick }: { items: readonly { id: string; name: string }[]; label: string; onPick: (id: string) => void }) {
  const { t } = useTranslation('file-explorer');
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const folded = filter.trim().toLocaleLowerCase();
    return items.filter((i) => i.name.toLocaleLowerCase().includes(folded)).slice(0, 50);
  }, [items, filter]);
  return (
    <div className="files-picker">
      <IonInput label={label} labelPlacement="stacked" placeholder={t('pick.filter')} value={filter} clearInput onIonInput={(e) => setFilter(String(e.detail.value ?? ''))} />
      <IonList aria-label={label}>
        {shown.map((i) => (
          <IonItem key={i.id} button detail className="files-row" onClick={() => onPick(i.id)}>
            <Label>{i.name}</Label>
          </IonItem>
        ))}
      </IonList>
    </div>
  );
}

function useFilesAddress(path: string) {
  const search: FilesSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const go = (next: FilesSearch) => void navigate({ to: path, search: next });
  return { search, go };
}

export function SitesPage() {
  const { t } = useTranslation('file-explorer');
  const { search, go } = useFilesAddress(FILES_SITES_PATH);
  const rights = useEnvelope((state) => state.rights);
  const choices = useQuery(choicesQuery());
  const site = choices.data?.sites.find((s) => s.id === search.site) ?? null;
  const canManage = can(rights, 'files', 'manage') || can(rights, 'sites', 'manage');
  return (
    <ModulePage title={site ? site.name : t('sites.title')} className="files-page" onBack={search.site ? () => go({}) : undefined}>
      {choices.isPending && <IonSpinner aria-label={t('loading')} />}
      {choices.isError && <p className="files-note">{t('unavailable')}</p>}
      {choices.data && !site && <Picker items={choices.data.sites} label={t('sites.pick')} onPick={(id) => go({ site: id })} />}
      {site && (
        <Explorer
          tree="site"
          ownerId={site.id}
          ownerName={site.name}
          folderId={search.folder ?? null}
          documentId={search.document ?? null}
          canManage={canManage}
          onOpen={(folder, document) => go({ site: site.id, ...(folder ? { folder } : {}), ...(document ? { document } : {}) })}
        />
      )}
    </ModulePage>
  );
}

export function SiteTypesPage() {
  const { t } = useTranslation('file-explorer');
  const { search, go } = useFilesAddress(FILES_TYPES_PATH);
  const choices = useQuery(choicesQuery());
  const type = choices.data?.siteTypes.find((s) => s.id === search.type) ?? null;
  return (
    <ModulePage title={type ? t('types.titleOf', { name: type.name }) : t('types.title')} className="files-page" onBack={search.type ? () => go({}) : undefined}>
      {choices.isPending && <IonSpinner aria-label={t('loading')} />}
      {choices.isError && <p className="files-note">{t('unavailable')}</p>}
      {choices.data && !type && (
        <>
          <p className="files-note">{t('types.intro')}</p>
          <Picker items={choices.data.siteTypes} label={t('types.pick')} onPick={(id) => go({ type: id })} />
        </>
      )}
      {type && (
        <Explorer tree="type" ownerId={type.id} ownerName={type.name} folderId={search.folder ?? null} canManage onOpen={(folder) => go({ type: type.id, ...(folder ? { folder } : {}) })} />
      )}
    </ModulePage>
  );
}
