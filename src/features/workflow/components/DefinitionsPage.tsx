/**
 * The definitions (/workflow/definitions, the management right): each one's published version,
 * its running instances and its draft, edited in the visual editor (DefinitionEditor: steps,
 * transitions, who may make each, approvals, fields, signature, deadlines; checked as typed, then
 * by the server), saved and published as the next version through the outbox; a running
 * instance keeps the version it started with. A new definition starts as a request and its
 * closure, then is edited.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { WaitingMark } from '../../../components/WaitingMark';
import { currentActor } from '../../../lib/current-actor';
import { discardWrite, usePendingWrites } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { definitionsQuery, DEFINITIONS_OUTBOX, delegationsQuery, metaQuery, queueDefinitionCreate } from '../api';
import { firstDraft } from '../editor';
import { labelIn } from '../view';
import { DefinitionEditor, type Member } from './DefinitionEditor';
import { useWorkflowLive } from './live';
import './workflow.css';

export function DefinitionsPage() {
  useWorkflowLive();
  const { t, i18n } = useTranslation('workflow');
  const navigate = useNavigate();
  const definitions = useQuery(definitionsQuery());
  const meta = useQuery(metaQuery());
  // The people a transition may name: the district's members (the delegations' list, without the reader) and the reader.
  const delegations = useQuery(delegationsQuery());
  const me = currentActor();
  const members: Member[] = [...(me ? [{ id: me.id, name: me.name }] : []), ...(delegations.data?.members ?? [])];
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const pending = usePendingWrites(DEFINITIONS_OUTBOX);
  const targetLabel = (key: string) => {
    const found = meta.data?.targets.find((x) => x.target === key);
    return found ? labelIn(found.label, i18n.language) : key;
  };
  return (
    <ModulePage title={t('definitions.title')} onBack={() => void navigate({ href: '/workflow/workflow-view' })}>
      <ul className="workflow-list" aria-label={t('definitions.title')}>
        {(definitions.data ?? []).map((d) => (
          <li key={d.id} className="workflow-row">
            <span className="workflow-row-link">
              <strong>{d.name}</strong>
              <span className="workflow-row-meta">
                {t('definitions.version', { version: d.currentVersion })} · {t('definitions.running', { count: d.running })}
                {d.target ? ` · ${targetLabel(d.target)}` : ` · ${t('definitions.standalone')}`}
              </span>
            </span>
            {pending.some((p) => p.recordId === d.id) && <WaitingMark />}
            <IonButton fill="outline" aria-expanded={editing === d.id} onClick={() => setEditing(editing === d.id ? null : d.id)}>
              {t('definitions.edit')}
            </IonButton>
            {pending
              .filter((p) => p.recordId === d.id && p.state === 'failed')
              .map((p) => (
                <div key={p.key} className="workflow-refused" role="alert">
                  {t('definitions.refused')} {p.lastError ? t(p.lastError, { ns: 'common' }) : ''}
                  <IonButton fill="outline" color="danger" onClick={() => void discardWrite(p.key)}>
                    {t('sheet.discard')}
                  </IonButton>
                </div>
              ))}
            {editing === d.id && <DefinitionEditor definition={d} members={members} onDone={() => setEditing(null)} />}
          </li>
        ))}
        {pending
          .filter((p) => p.kind === 'workflow.definition.create' && !(definitions.data ?? []).some((d) => d.id === p.recordId))
          .map((p) => (
            <li key={p.key} className="workflow-row">
              <span className="workflow-row-link">
                <strong>{typeof p.summary?.name === 'string' ? p.summary.name : ''}</strong>
                <span className="workflow-row-meta">{p.state === 'failed' && p.lastError ? t(p.lastError, { ns: 'common' }) : t('list.start_waiting')}</span>
              </span>
              <WaitingMark />
            </li>
          ))}
      </ul>
      <form
        className="workflow-form"
        aria-label={t('definitions.new')}
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') return;
          const draft = firstDraft({
            requested: { fr: 'Demandé', en: 'Requested' },
            closed: { fr: 'Clos', en: 'Closed' },
            close: { fr: 'Clore', en: 'Close' },
          });
          void queueDefinitionCreate({ id: crypto.randomUUID(), name: name.trim(), target: target === '' ? null : target, draft }).then(() => {
            setName('');
            showToast({ kind: 'success', message: t('definitions.created') });
          });
        }}
      >
        <h2>{t('definitions.new')}</h2>
        <label>
          {t('definitions.name')}
          <input required value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('definitions.target')}
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t('definitions.standalone')}</option>
            {(meta.data?.targets ?? []).map((x) => (
              <option key={x.target} value={x.target}>
                {labelIn(x.label, i18n.language)}
              </option>
            ))}
          </select>
        </label>
        <p className="workflow-muted">{t('definitions.new_hint')}</p>
        <IonButton type="submit">{t('definitions.create')}</IonButton>
      </form>
    </ModulePage>
  );
}
