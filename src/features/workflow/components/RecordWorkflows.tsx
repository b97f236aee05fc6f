/**
 * A record's workflows on its sheet (a record panel: lib/record-panels.ts): each instance with
 * its step and who must act, opened from here, and "start a workflow" with the definitions that
 * attach to this kind of record.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { instancePath } from '../../../../common/modules/workflow/schemas';
import { StatusChip } from '../../../components/module/StatusChip';
import { instancesQuery } from '../api';
import { labelIn } from '../view';
import { useWorkflowLive } from './live';
import './workflow.css';

export function RecordWorkflows({ recordId }: { recordId: string }) {
  const { t, i18n } = useTranslation('workflow');
  const router = useRouter();
  useWorkflowLive();
  const list = useQuery(instancesQuery({ recordId }));
  return (
    <section className="record-section" aria-labelledby={`workflow-panel-${recordId}`}>
      <h2 id={`workflow-panel-${recordId}`}>{t('panel.title')}</h2>
      <ul className="workflow-list">
        {(list.data?.items ?? []).map((item) => (
          <li key={item.id} className="workflow-row">
            <a
              className="workflow-row-link"
              href={instancePath(item.id)}
              onClick={(e) => {
                e.preventDefault();
                void router.navigate({ href: instancePath(item.id) });
              }}
            >
              <strong>{item.title}</strong>
              <span className="workflow-row-meta">{item.definitionName}</span>
            </a>
            <StatusChip label={labelIn(item.stateLabel, i18n.language)} tone={item.status === 'done' ? 'success' : 'info'} />
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && <p className="workflow-muted">{t('panel.none')}</p>}
      <IonButton fill="outline" onClick={() => void router.navigate({ href: `/workflow/new?recordId=${recordId}` })}>
        {t('panel.start')}
      </IonButton>
    </section>
  );
}
