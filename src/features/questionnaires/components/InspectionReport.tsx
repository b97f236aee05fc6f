/**
 * A submitted inspection's report, as a page: the result (score, pass or fail), the score by
 * section, the failed items with their follow-up, every shown question's answer with its note
 * and photos, the times and positions, the signature and the hash of the locked content; the
 * server's PDF of it one button away. While the submit is still in the outbox, what the device
 * sent is shown, marked waiting. A submitted one can be shared by an expiring link (ReportShares).
 */
import { IonButton } from '@ionic/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleQuestions } from '../../../../common/modules/questionnaires/engine';
import type { Answer, Inspection, Question } from '../../../../common/modules/questionnaires/schemas';
import { AttachmentGrid, type GridAttachment } from '../../../components/AttachmentGrid';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';
import { SignatureImage } from '../../../components/SignatureImage';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { downloadApiFile } from '../../../lib/download';
import { formatCoordinate, formatNumber } from '../../../lib/numbers';
import { lazyPart } from '../../../lib/lazy-part';
import { modulePart } from '../../../lib/module-parts';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { ReportShares } from './ReportShares';
import './questionnaires.css';

// The actions made from a failed item (the actions' own part, loaded apart).
const LinkedActions = lazyPart(modulePart('LinkedActions'));

const dateTime = (iso: string | null, language: string) => (iso === null ? '—' : formatDateTime(iso, language));

export function InspectionReport({ inspection, onBack }: { inspection: Inspection; onBack: () => void }) {
  const { t, i18n } = useTranslation('questionnaires');
  const locale = i18n.language;
  const visible = visibleQuestions({ sections: inspection.template.sections, passMark: inspection.template.passMark }, inspection.answers);
  const byId = new Map(inspection.attachments.map((a) => [a.id, a]));
  const tiles = (ids: readonly string[]): GridAttachment[] =>
    ids.flatMap((id) => {
      const attachment = byId.get(id);
      return attachment ? [{ id, name: attachment.name, state: 'sent' as const, thumbnailUrl: attachment.thumbnailUrl }] : [];
    });
  const answerText = (question: Question, answer: Answer | undefined): string => {
    const value = answer?.value;
    if (value === undefined || value === null || value === '') return '—';
    const label = (key: string) => question.options?.find((o) => o.key === key)?.label ?? key;
    switch (question.type) {
      case 'yesNo':
        return typeof value === 'string' ? t(`answer.${value}`) : '—';
      case 'choice':
        return typeof value === 'string' ? label(value) : '—';
      case 'multiChoice':
        return Array.isArray(value) ? value.map(label).join(', ') : '—';
      case 'number':
        return typeof value === 'number' ? `${formatNumber(value, locale)}${question.unit ? ` ${question.unit}` : ''}` : '—';
      case 'date':
        return typeof value === 'string' ? formatDay(value, locale) : '—';
      case 'position':
        return typeof value === 'object' && !Array.isArray(value) ? t('fill.position', { lat: formatCoordinate(value.lat, locale), lng: formatCoordinate(value.lng, locale), accuracy: value.accuracy ?? '?' }) : '—';
      case 'photo':
        return Array.isArray(value) ? t('report.photo_count', { count: value.length }) : '—';
      default:
        return typeof value === 'string' ? value : '—';
    }
  };
  const pdf = () =>
    void downloadApiFile(`questionnaires/inspections/${encodeURIComponent(inspection.id)}/report.pdf`, undefined, 'inspection.pdf').catch((error: unknown) =>
      showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  const total = inspection.total;
  const title = `${inspection.template.name}${inspection.siteName ? ` – ${inspection.siteName}` : ''}`;
  return (
    <ModulePage className="questionnaires-page"
      title={title}
      onBack={onBack}
      actions={
        <IonButton fill="outline" onClick={pdf}>
          {t('report.pdf')}
        </IonButton>
      }
    >
      <RecordSheet label={title}>
        <div className="inspection-result">
          <StatusChip label={t(`status.${inspection.status}`)} tone={inspection.status === 'submitted' ? 'info' : 'neutral'} />
          {inspection.passed !== null && <StatusChip label={t(inspection.passed ? 'report.passed' : 'report.failed')} tone={inspection.passed ? 'success' : 'danger'} />}
          {total?.percent != null && <strong className="inspection-score">{t('fill.score', { percent: total.percent })}</strong>}
        </div>
        <RecordFields
          fields={[
            { label: t('report.template'), value: t('report.revision', { name: inspection.template.name, version: inspection.templateVersion }) },
            { label: t('report.site'), value: inspection.siteName ?? t('report.no_site') },
            { label: t('report.assignee'), value: inspection.assignee.name },
            { label: t('report.started'), value: dateTime(inspection.startedAt, locale) },
            { label: t('report.finished'), value: dateTime(inspection.finishedAt, locale) },
            { label: t('report.submitted'), value: dateTime(inspection.submittedAt, locale) },
            { label: t('report.signed_by'), value: inspection.signedBy ?? '—' },
            ...(inspection.contentHash ? [{ label: t('report.hash'), value: <code className="inspection-hash">{inspection.contentHash}</code> }] : []),
          ]}
        />
        {inspection.sections.length > 0 && (
          <RecordSection title={t('report.sections')}>
            <RecordFields fields={inspection.sections.map((s) => ({ label: s.title, value: s.percent === null ? t('report.not_scored') : t('report.section_score', { percent: s.percent, score: s.score, max: s.max }) }))} />
          </RecordSection>
        )}
        <RecordSection title={t('report.failed_items')}>
          {inspection.failedItems.length === 0 ? (
            <p>{t('report.no_failed')}</p>
          ) : (
            <ul className="inspection-failed-list">
              {inspection.failedItems.map((f) => (
                <li key={f.questionKey}>
                  <strong>{f.label}</strong>
                  {f.note && <p>{f.note}</p>}
                  {f.action && <p>{t('report.action', { title: f.action.title, due: f.action.dueOn === null ? '—' : formatDay(f.action.dueOn, locale) })}</p>}
                  {inspection.status === 'submitted' && (
                    <Suspense fallback={null}>
                      <LinkedActions source={{ kind: 'inspection', id: inspection.id, questionKey: f.questionKey }} canCreate={inspection.deletedAt === null} />
                    </Suspense>
                  )}
                </li>
              ))}
            </ul>
          )}
        </RecordSection>
        {inspection.template.sections.map((section) => {
          const shown = section.questions.filter((q) => visible.has(q.key));
          if (shown.length === 0) return null;
          return (
            <RecordSection key={section.key} title={section.title}>
              {shown.map((question) => {
                const answer = inspection.answers[question.key];
                const photos = [...(question.type === 'photo' && Array.isArray(answer?.value) ? (answer.value) : []), ...(answer?.photos ?? [])];
                return (
                  <div key={question.key} className="inspection-answer">
                    <RecordFields fields={[{ label: question.label, value: answerText(question, answer) }]} />
                    {answer?.note && <p className="inspection-help">{answer.note}</p>}
                    {photos.length > 0 && <AttachmentGrid items={tiles(photos)} />}
                  </div>
                );
              })}
            </RecordSection>
          );
        })}
        {inspection.signature && (
          <RecordSection title={t('fill.signature')}>
            <SignatureImage src={byId.get(inspection.signature)?.url ?? null} label={t('report.signature_of', { name: inspection.signedBy ?? '—' })} />
          </RecordSection>
        )}
        {inspection.status === 'submitted' && <ReportShares inspectionId={inspection.id} />}
      </RecordSheet>
    </ModulePage>
  );
}
