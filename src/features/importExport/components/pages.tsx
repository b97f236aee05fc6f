/**
 * The import/export screens besides the import's steps (ImportPage.tsx): the hub (the combined
 * entry), the exports (each list as CSV or XLSX, with the filters given in the address, and the
 * district's ZIP as a job), and "my data" (the personal data export, for every member).
 */
import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../common/constants';
import { ModulePage } from '../../../components/module';
import { formatDateTime } from '../../../lib/dates';
import { downloadApiFile } from '../../../lib/download';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { catalogueQueryOptions, jobsQueryOptions, queueDistrictExport, queuePersonalExport } from '../api';
import { JobProgress } from './JobProgress';
import './import-export.css';

const lang = (language: string): Language => (language.startsWith('en') ? 'en' : 'fr');

export function HubPage() {
  const { t } = useTranslation('importExport');
  const { rights } = getEnvelopeState();
  const navigate = useNavigate();
  return (
    <ModulePage title={t('title')}>
      <IonList className="import-export-hub">
        {can(rights, 'export') && (
          <IonItem button detail onClick={() => void navigate({ to: '/import-export/export' })}>
            <IonLabel>
              <h2>{t('export.title')}</h2>
              <p>{t('export.intro')}</p>
            </IonLabel>
          </IonItem>
        )}
        {can(rights, 'import') && (
          <IonItem button detail onClick={() => void navigate({ to: '/import-export/import' })}>
            <IonLabel>
              <h2>{t('import.title')}</h2>
              <p>{t('import.intro')}</p>
            </IonLabel>
          </IonItem>
        )}
        <IonItem button detail onClick={() => void navigate({ to: '/import-export/my-data' })}>
          <IonLabel>
            <h2>{t('myData.title')}</h2>
            <p>{t('myData.intro')}</p>
          </IonLabel>
        </IonItem>
      </IonList>
    </ModulePage>
  );
}

export function ExportPage() {
  const { t, i18n } = useTranslation('importExport');
  const language = lang(i18n.language);
  const search: Record<string, unknown> = useSearch({ strict: false });
  const { data: catalogue, isError } = useQuery(catalogueQueryOptions());
  const [zipJob, setZipJob] = useState<string | null>(null);
  const filtersFor = (allowed: readonly string[]) => {
    const params = new URLSearchParams();
    for (const name of allowed) {
      const value = search[name];
      if (typeof value === 'string' && value !== '') params.set(name, value);
    }
    return params;
  };
  const download = (name: string, format: 'csv' | 'xlsx', allowed: readonly string[]) => {
    const params = search.module === name ? filtersFor(allowed) : new URLSearchParams();
    params.set('format', format);
    params.set('lang', language);
    void downloadApiFile(`import-export/exports/${name}`, params, `${name}.${format}`);
  };
  return (
    <ModulePage title={t('export.title')}>
      <p>{t('export.intro')}</p>
      {isError && <p className="import-export-error">{t('offline')}</p>}
      <IonList className="import-export-list">
        {catalogue?.exports.map((e) => (
          <IonItem key={e.name}>
            <Label>
              <h2>{e.label[language]}</h2>
              {search.module === e.name && filtersFor(e.filters).size > 0 && <p>{t('export.filtered')}</p>}
            </Label>
            <IonButton slot="end" fill="outline" onClick={() => download(e.name, 'csv', e.filters)} aria-label={t('export.csv_of', { name: e.label[language] })}>
              CSV
            </IonButton>
            <IonButton slot="end" fill="outline" onClick={() => download(e.name, 'xlsx', e.filters)} aria-label={t('export.xlsx_of', { name: e.label[language] })}>
              XLSX
            </IonButton>
          </IonItem>
        ))}
      </IonList>
      <h2 className="import-export-heading">{t('export.district_title')}</h2>
      <p>{t('export.district_intro')}</p>
      <IonButton
        onClick={() => {
          const id = crypto.randomUUID();
          void queueDistrictExport(id).then(() => setZipJob(id));
        }}
      >
        {t('export.district_start')}
      </IonButton>
      {zipJob !== null && <JobProgress id={zipJob} />}
    </ModulePage>
  );
}

export function MyDataPage() {
  const { t, i18n } = useTranslation('importExport');
  const [job, setJob] = useState<string | null>(null);
  const { data: jobs } = useQuery(jobsQueryOptions());
  const earlier = (jobs ?? []).filter((j) => j.kind === 'personalExport' && j.id !== job && j.file !== null && j.expiresAt !== null && new Date(j.expiresAt) > new Date());
  return (
    <ModulePage title={t('myData.title')}>
      <p>{t('myData.intro')}</p>
      <p>{t('myData.contents')}</p>
      <IonButton
        onClick={() => {
          const id = crypto.randomUUID();
          void queuePersonalExport(id).then(() => setJob(id));
        }}
      >
        {t('myData.start')}
      </IonButton>
      {job !== null && <JobProgress id={job} />}
      {earlier.length > 0 && (
        <>
          <h2 className="import-export-heading">{t('myData.earlier')}</h2>
          <IonList>
            {earlier.map((j) => (
              <IonItem key={j.id} button onClick={() => void downloadApiFile(`import-export/jobs/${j.id}/file`, undefined, j.file!.name)}>
                <Label>{t('job.download', { name: `${j.file!.name} (${formatDateTime(j.createdAt, i18n.language)})` })}</Label>
              </IonItem>
            ))}
          </IonList>
        </>
      )}
      <p>
        <Link to="/me/meInfos">{t('myData.back')}</Link>
      </p>
    </ModulePage>
  );
}
