/**
 * The template pages (routes.tsx): the templates of the families the caller reads, by family,
 * with the deleted ones of the families it builds behind a toggle (restore); a new template of
 * a family (?family=); a template's builder and preview (TemplateBuilder.tsx), read only for
 * a reader. Every write is an outbox write (kinds.ts); once one is delivered the
 * templates are read again (the server's records:changed does it too, in QuestionnairesLayout).
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access';
import { FAMILIES, type Template, type TemplateSummary } from '../../../../common/modules/questionnaires/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { WaitingMark } from '../../../components/WaitingMark';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { useOnDelivered, useOutboxItems, usePendingWrites } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { questionnairesKeys } from '../api/keys';
import { templateListQueryOptions, templateQueryOptions, templateRevisionQueryOptions } from '../api/reads';
import { newTemplateHref, templateHref, TEMPLATES_PATH } from '../paths';
import { registerQuestionnaireSenders } from '../senders';
import { templates, TEMPLATES_MODULE } from '../kinds';
import { QuestionnairesNav } from './QuestionnairesNav';
import { FailedBanner, TemplateBuilder } from './TemplateBuilder';
import { OlderRevisionBanner, TemplateRevisions } from './TemplateRevisions';
import { formatDate } from '../../../lib/dates';
import './questionnaires.css';

registerQuestionnaireSenders();

/** Reads the templates again each time one of their writes is delivered; answers how many of `recordId`'s (or all) wait. */
function useRefreshWhenSent(recordId?: string): number {
  const queryClient = useQueryClient();
  useOnDelivered(TEMPLATES_MODULE, () => void queryClient.invalidateQueries({ queryKey: questionnairesKeys.templates() }));
  return usePendingWrites(TEMPLATES_MODULE, recordId).length;
}

const when = (iso: string, language: string) => formatDate(iso, language);

export function TemplatesPage() {
  const { t, i18n } = useTranslation('questionnaires');
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const router = useRouter();
  const [showDeleted, setShowDeleted] = useState(false);
  const live = useQuery(templateListQueryOptions('all', false));
  const deleted = useQuery({ ...templateListQueryOptions('all', true), enabled: showDeleted && powers.buildTemplates.length > 0 });
  const pending = usePendingWrites(TEMPLATES_MODULE);
  useRefreshWhenSent();
  const waiting = new Set(pending.map((item) => item.recordId));
  const families = FAMILIES.filter((f) => powers.readTemplates.includes(f));
  return (
    <ModulePage className="questionnaires-page template-list-page" title={t('builder.list_title')}>
      <QuestionnairesNav current="templates" />
      {powers.buildTemplates.length > 0 && (
        <label className="builder-check">
          <input type="checkbox" checked={showDeleted} onChange={(event) => setShowDeleted(event.target.checked)} />
          {t('builder.show_deleted')}
        </label>
      )}
      {live.isPending && live.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('list.loading')} />}
      {live.isPending && live.fetchStatus === 'paused' && <p>{t('builder.offline_empty')}</p>}
      {live.isError && live.data === undefined && <p role="alert">{describeApiError(live.error)}</p>}
      {families.map((family) => {
        const rows = (live.data ?? []).filter((row) => row.family === family);
        const gone = showDeleted ? (deleted.data ?? []).filter((row) => row.family === family) : [];
        const builds = powers.buildTemplates.includes(family);
        return (
          <section key={family} className="template-family" aria-labelledby={`templates-${family}`}>
            <div className="template-family-head">
              <h2 id={`templates-${family}`}>{t(`builder.family.${family}`)}</h2>
              {builds && (
                <IonButton onClick={() => void router.navigate({ href: newTemplateHref(family) })} aria-label={t('builder.new_in', { family: t(`builder.family.${family}`) })}>
                  {t('builder.new')}
                </IonButton>
              )}
            </div>
            {live.data !== undefined && rows.length === 0 && <p>{t('builder.empty')}</p>}
            <ul className="bare-list inspection-list template-list" aria-label={t('builder.family_list', { family: t(`builder.family.${family}`) })}>
              {rows.map((row) => (
                <TemplateRow key={row.id} row={row} locale={i18n.language} waiting={waiting.has(row.id)} builds={builds} />
              ))}
            </ul>
            {showDeleted && builds && (
              <>
                <h3>{t('builder.deleted_title')}</h3>
                {deleted.isPending && <IonSpinner name="crescent" aria-label={t('list.loading')} />}
                {deleted.isError && deleted.data === undefined && <p role="alert">{describeApiError(deleted.error)}</p>}
                {deleted.data !== undefined && gone.length === 0 && <p>{t('builder.deleted_empty')}</p>}
                <ul className="bare-list inspection-list template-list" aria-label={t('builder.deleted_list', { family: t(`builder.family.${family}`) })}>
                  {gone.map((row) => (
                    <TemplateRow key={row.id} row={row} locale={i18n.language} waiting={waiting.has(row.id)} builds={builds} />
                  ))}
                </ul>
              </>
            )}
          </section>
        );
      })}
    </ModulePage>
  );
}

function TemplateRow({ row, locale, waiting, builds }: { row: TemplateSummary; locale: string; waiting: boolean; builds: boolean }) {
  const { t } = useTranslation('questionnaires');
  const [confirm, setConfirm] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const facts = [
    t('builder.question_count', { count: row.questionCount }),
    row.passMark === null ? t('builder.no_pass_mark') : t('builder.pass_mark_is', { percent: row.passMark }),
    t('builder.revision', { version: row.version }),
    t('builder.updated', { at: when(row.updatedAt, locale) }),
  ];
  return (
    <li className="template-row">
      <Link to={templateHref(row.id)} className="inspection-row">
        <span className="inspection-row-title">{row.name}</span>
        <span className="inspection-row-site">{facts.join(' · ')}</span>
        <span className="inspection-row-marks">{waiting && <WaitingMark />}</span>
      </Link>
      {builds && row.deletedAt !== null && (
        <IonButton fill="outline" disabled={waiting} onClick={() => void run(() => templates.queueRestore(row), 'builder.restored')} aria-label={t('builder.restore_named', { name: row.name })}>
          {t('builder.restore')}
        </IonButton>
      )}
      {builds && row.deletedAt === null && !confirm && (
        <IonButton fill="outline" color="danger" disabled={waiting} onClick={() => setConfirm(true)} aria-label={t('builder.delete_named', { name: row.name })}>
          {t('builder.delete')}
        </IonButton>
      )}
      {builds && row.deletedAt === null && confirm && (
        <span className="builder-tools">
          <IonButton color="danger" onClick={() => void run(() => templates.queueDelete(row), 'builder.deleted')}>
            {t('builder.delete_yes', { name: row.name })}
          </IonButton>
          <IonButton fill="outline" onClick={() => setConfirm(false)}>
            {t('builder.cancel')}
          </IonButton>
        </span>
      )}
    </li>
  );
}

/** A page of its own when the builder cannot open (no right, nothing loaded). */
function BuilderMessage({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('questionnaires');
  const router = useRouter();
  return (
    <ModulePage className="questionnaires-page" title={t('builder.list_title')} onBack={() => void router.navigate({ href: TEMPLATES_PATH })}>
      {children}
    </ModulePage>
  );
}

export function TemplateNewPage() {
  const { t } = useTranslation('questionnaires');
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const family = FAMILIES.find((f) => f === raw.family) ?? powers.buildTemplates[0];
  if (family === undefined || !powers.buildTemplates.includes(family)) return <BuilderMessage><p role="alert">{t('builder.cannot_build')}</p></BuilderMessage>;
  return <TemplateBuilder key={family} family={family} template={null} readOnly={false} />;
}

export function TemplateEditPage() {
  const { t } = useTranslation('questionnaires');
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = params.templateId ?? '';
  const search: Record<string, unknown> = useSearch({ strict: false });
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const items = useOutboxItems();
  // A template created on this device and not sent yet is not on the server: wait for it.
  const creating = (items ?? []).find((item) => item.module === TEMPLATES_MODULE && item.recordId === id && item.kind === templates.writeKinds.create && item.state !== 'sent');
  useRefreshWhenSent(id);
  const template = useQuery({ ...templateQueryOptions(id), enabled: items !== null && creating === undefined });
  if (creating !== undefined && template.data === undefined) {
    return (
      <BuilderMessage>
        {creating.state === 'failed' ? <FailedBanner item={creating} /> : <p role="status">{t('builder.waiting_create')}</p>}
      </BuilderMessage>
    );
  }
  if (template.isError) return <BuilderMessage><p role="alert">{describeApiError(template.error)}</p></BuilderMessage>;
  if (template.data === undefined) {
    return (
      <BuilderMessage>
        {template.fetchStatus === 'paused' ? <p>{t('builder.offline_empty')}</p> : <IonSpinner name="crescent" aria-label={t('list.loading')} />}
      </BuilderMessage>
    );
  }
  const data = template.data;
  const builds = powers.buildTemplates.includes(data.family);
  const version = Number(search.version);
  if (Number.isInteger(version) && version >= 1 && version < data.version) return <OlderRevision current={data} version={version} builds={builds} />;
  return <TemplateBuilder key={data.id} family={data.family} template={data} readOnly={!builds} footer={<TemplateRevisions template={data} viewing={data.version} />} />;
}

/** An older revision of a template, read only (`?version=n`). */
function OlderRevision({ current, version, builds }: { current: Template; version: number; builds: boolean }) {
  const { t } = useTranslation('questionnaires');
  const revision = useQuery(templateRevisionQueryOptions(current.id, version));
  if (revision.isError) return <BuilderMessage><p role="alert">{describeApiError(revision.error)}</p></BuilderMessage>;
  if (revision.data === undefined) return <BuilderMessage><IonSpinner name="crescent" aria-label={t('list.loading')} /></BuilderMessage>;
  return (
    <TemplateBuilder
      key={`${current.id}@${version}`}
      family={current.family}
      template={revision.data}
      readOnly
      banner={<OlderRevisionBanner revision={revision.data} current={current} canBuild={builds} />}
      footer={<TemplateRevisions template={current} viewing={version} />}
    />
  );
}
