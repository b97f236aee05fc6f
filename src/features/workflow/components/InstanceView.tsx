/**
 * One workflow instance (its sheet, and an inbox item opened by the address's hash): its step,
 * its definition and version, who must act, the moves the reader may make (a form when a move
 * asks for fields, a reason or a signature), its moves queued on this device (marked waiting,
 * or refused by the server with the reason, to retry or discard), and its history ("X for Y"
 * when a delegate acted).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instance, Move } from '../../../../common/modules/workflow/schemas';
import { SignaturePad, type DrawnSignature } from '../../../components/SignaturePad';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { currentActor } from '../../../lib/current-actor';
import { lazyPart } from '../../../lib/lazy-part';
import { modulePart } from '../../../lib/module-parts';
import { formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { discardWrite, retryWrite, usePendingWrites, type OutboxItem } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { instanceQuery, metaQuery, queueTransition, signatureDataUrl, summaryText, WORKFLOW_OUTBOX, WRITE_KINDS } from '../api';
import { labelIn, predictedState, startedHere, type QueuedStart } from '../view';

const OutsideCompanyPicker = lazyPart(modulePart('OutsideCompanyPicker'));

/** The instance from the server, or as started on this device while its start waits. */
export function useInstance(id: string): { instance: Instance | undefined; pending: OutboxItem[]; loading: boolean; error: unknown } {
  const pending = usePendingWrites(WORKFLOW_OUTBOX, id);
  const start = pending.find((i) => i.kind === WRITE_KINDS.start);
  const rights = useEnvelope((s) => s.rights);
  const server = useQuery({ ...instanceQuery(id), enabled: start === undefined });
  const meta = useQuery({ ...metaQuery(), enabled: start !== undefined });
  if (start) {
    const me = currentActor() ?? { id: '', name: '' };
    const summary = start.summary as unknown as QueuedStart;
    return { instance: startedHere({ ...summary, id }, meta.data, { ...me, rights }) ?? undefined, pending, loading: meta.isPending, error: meta.error };
  }
  return { instance: server.data, pending, loading: server.isPending, error: server.error };
}

const TONES = { open: 'info', done: 'success' } as const;

export function InstanceView({ id }: { id: string }) {
  const { t, i18n } = useTranslation('workflow');
  const { instance, pending, loading } = useInstance(id);
  const [open, setOpen] = useState<Move | null>(null);
  if (!instance) return <p className="workflow-muted">{loading ? t('loading') : t('not_found')}</p>;
  const lang = i18n.language;
  const moves = pending.filter((i) => i.kind === WRITE_KINDS.transition);
  const queued = moves.map((i) => ({ transition: summaryText(i.summary, 'transition'), fromState: summaryText(i.summary, 'fromState'), state: i.state }));
  const predicted = predictedState(instance, queued);
  const stateNow = predicted ?? instance.state;
  const stateLabel = (key: string) => labelIn(instance.spec.states.find((s) => s.key === key)?.label ?? { fr: key, en: key }, lang);
  const starting = pending.some((i) => i.kind === WRITE_KINDS.start);
  const waitingMove = moves.some((i) => i.state === 'queued' || i.state === 'sending');
  const offered = waitingMove ? [] : instance.moves;
  return (
    <div className="workflow-instance" data-testid="workflow-instance">
      <h2>{instance.title}</h2>
      <div className="workflow-moves">
        <StatusChip label={stateLabel(stateNow)} tone={instance.status === 'done' ? TONES.done : TONES.open} />
        {(starting || predicted !== null || waitingMove) && <WaitingMark />}
      </div>
      <p className="workflow-muted">
        {t('sheet.definition', { name: instance.definitionName, version: instance.definitionVersion })}
        {instance.startedByName !== '' && ` · ${t('sheet.started_by', { name: instance.startedByName })}`}
      </p>
      {instance.status === 'open' && !starting && (
        <p>{instance.waitingOn.length > 0 ? t('sheet.waiting_on', { names: instance.waitingOn.join(', ') }) : t('sheet.waiting_on_nobody')}</p>
      )}
      {moves
        .filter((item) => item.state === 'failed' || item.state === 'conflict')
        .map((item) => (
          <div key={item.key} className="workflow-refused" role="alert">
            <p>
              {t('sheet.refused', { label: summaryText(item.summary, 'label') })} {item.lastError ? t(item.lastError, { ns: 'common' }) : ''}
            </p>
            <div className="workflow-moves">
              <IonButton size="small" fill="outline" onClick={() => void retryWrite(item.key)}>
                {t('sheet.retry')}
              </IonButton>
              <IonButton size="small" fill="outline" color="danger" onClick={() => void discardWrite(item.key)}>
                {t('sheet.discard')}
              </IonButton>
            </div>
          </div>
        ))}
      {instance.status === 'open' && offered.length > 0 && (
        <section aria-label={t('sheet.moves')}>
          <div className="workflow-moves">
            {offered.map((move) => (
              <IonButton
                key={move.key}
                disabled={!move.allowed}
                color={move.reasonRequired ? 'danger' : 'primary'}
                fill={move.reasonRequired ? 'outline' : 'solid'}
                onClick={() => setOpen(move)}
              >
                {labelIn(move.label, lang)}
                {move.approvals ? ` (${move.approvals.given}/${move.approvals.required})` : ''}
              </IonButton>
            ))}
          </div>
          {offered
            .filter((m) => !m.allowed && m.blocked)
            .map((m) => (
              <p key={m.key} className="workflow-muted">
                {labelIn(m.label, lang)} : {t(m.blocked!, { ns: 'common' })}
                {m.notBefore ? ` (${t('sheet.not_before', { at: formatDateTime(m.notBefore, lang) })})` : ''}
              </p>
            ))}
          {open && <MoveForm instance={instance} fromState={stateNow} move={open} onDone={() => setOpen(null)} />}
        </section>
      )}
      <section aria-label={t('sheet.history')}>
        <h3>{t('sheet.history')}</h3>
        <ol className="workflow-history">
          {instance.history.map((step) => (
            <li key={step.id}>
              <span className="workflow-muted">{formatDateTime(step.at, lang)}</span>{' '}
              {t(`step.${step.kind}`, {
                who: step.onBehalfOfName ? t('step.for', { who: step.actorName, whom: step.onBehalfOfName }) : step.actorName,
                label: step.transition ? labelIn(instance.spec.transitions.find((x) => x.key === step.transition && x.from === step.fromState)?.label ?? { fr: step.transition, en: step.transition }, lang) : '',
                state: step.toState ? stateLabel(step.toState) : '',
              })}
              {step.reason ? ` — ${step.reason}` : ''}
              {Object.keys(step.fields).length > 0 && (
                <span className="workflow-muted">
                  {' '}
                  ({Object.values(step.fields).join(' · ')})
                </span>
              )}
              {step.signed ? ` · ${t('step.signed')}` : ''}
            </li>
          ))}
          {moves
            .filter((i) => i.state === 'queued' || i.state === 'sending')
            .map((i) => (
              <li key={i.key}>
                {summaryText(i.summary, 'label')} <WaitingMark />
              </li>
            ))}
        </ol>
      </section>
    </div>
  );
}

function MoveForm({ instance, fromState, move, onDone }: { instance: Instance; fromState: string; move: Move; onDone: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [signature, setSignature] = useState<DrawnSignature | undefined>();
  const [error, setError] = useState<string | null>(null);
  const label = labelIn(move.label, i18n.language);
  const submit = async () => {
    if (move.requiredFields.some((f) => (fields[f.key] ?? '').trim() === '')) return setError(t('form.fields_required'));
    if (move.reasonRequired && reason.trim() === '') return setError(t('form.reason_required'));
    if (move.signature && !signature) return setError(t('form.signature_required'));
    await queueTransition(
      instance.id,
      {
        transition: move.key,
        fromState,
        ...(move.requiredFields.length > 0 ? { fields } : {}),
        ...(reason.trim() !== '' ? { reason: reason.trim() } : {}),
        ...(signature ? { signature: await signatureDataUrl(signature.blob) } : {}),
      },
      label,
    );
    showToast({ kind: 'success', message: t('form.queued', { label }) });
    onDone();
  };
  return (
    <form
      className="workflow-form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {move.requiredFields.map((field) =>
        field.ref === 'thirdPartyV2.company' ? (
          // A company of the third parties V2 register (its part, read from the device's copy): its id is sent.
          <OutsideCompanyPicker
            key={field.key}
            label={labelIn(field.label, i18n.language)}
            value={fields[field.key] ?? ''}
            onChange={(company) => setFields({ ...fields, [field.key]: company?.id ?? '' })}
          />
        ) : (
          <label key={field.key}>
            {labelIn(field.label, i18n.language)}
            <textarea required value={fields[field.key] ?? ''} onChange={(e) => setFields({ ...fields, [field.key]: e.target.value })} />
          </label>
        ),
      )}
      <label>
        {move.reasonRequired ? t('form.reason') : t('form.comment')}
        <textarea required={move.reasonRequired} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {move.signature && <SignaturePad label={t('form.signature')} value={signature} onChange={setSignature} />}
      {error && (
        <p role="alert" className="workflow-refused">
          {error}
        </p>
      )}
      <div className="workflow-moves">
        <IonButton type="submit">{t('form.confirm', { label })}</IonButton>
        <IonButton fill="outline" onClick={onDone}>
          {t('form.cancel')}
        </IonButton>
      </div>
    </form>
  );
}
