/**
 * The data-sharing area's pages (one chunk): the areas' list (/dsa/dsaView), an area's sheet
 * (the list beside it on a wide screen, a page above it on a phone), and a manager's create and
 * edit forms (dsa.admin, guarded by their routes).
 */
import { IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../components/module/RecordPages';
import { useBack } from '../../../hooks/use-back';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { can } from '../../../lib/rights';
import { areas } from '../kinds';
import { areaEditHref, areaHref, areaNewHref, areasHref } from '../paths';
import { validateAreaSearch } from '../routes';
import { AreaForm } from './AreaForm';
import { AreaSheet } from './AreaSheet';
import { AreasList } from './AreasList';

function useAreaSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateAreaSearch(raw);
}

export function AreasListPage() {
  const { t } = useTranslation('dsa');
  const search = useAreaSearch();
  const manager = can(useEnvelope((state) => state.rights), 'dsa', 'manage');
  return <RecordListPage title={t('title')} placeholder={t('list.choose')} actions={manager ? <NavButton href={areaNewHref()}>{t('list.new')}</NavButton> : undefined} list={<AreasList search={search} />} />;
}

export function AreaSheetPage() {
  const { t } = useTranslation('dsa');
  const search = useAreaSearch();
  const areaId = useRecordId('areaId');
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('title')}
      placeholder={t('list.choose')}
      listHref={areasHref(search)}
      recordId={areaId}
      list={(selectedId) => <AreasList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <AreaSheet areaId={areaId} onBack={onBack} onEdit={() => void router.navigate({ href: areaEditHref(areaId) })} />}
    />
  );
}

export function AreaNewPage() {
  const router = useRouter();
  const back = useBack(areasHref());
  return <AreaForm onCancel={back} onDone={(id) => void router.navigate({ href: areaHref(id), replace: true })} />;
}

export function AreaEditPage() {
  const { t } = useTranslation('dsa');
  const areaId = useRecordId('areaId');
  const back = useBack(areaHref(areaId));
  const area = useQuery(areas.recordQueryOptions(areaId));
  if (area.data === undefined) {
    return (
      <ModulePage title={t('form.edit_title')} onBack={back}>
        {area.isError ? <p role="alert">{describeApiError(area.error)}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
      </ModulePage>
    );
  }
  return <AreaForm key={area.data.id} area={area.data} onCancel={back} onDone={() => back()} />;
}
