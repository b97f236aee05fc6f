/**
 * The "Actions" part of a declaration's sheet and of an inspection's report (their failed
 * items): the actions made from the record (GET /api/actions?sourceId=), with their status,
 * and "Create an action" prefilled from the record or the failed item. The one piece of the
 * actions' screens other features show; they load it apart (lazyPart), so their own chunks do
 * not grow; they load it by name (lib/module-parts.ts: the descriptor module.ts offers it), as
 * modules do not import each other. Shown to those who work on actions (access.ts `own`); the button too (a member
 * with a read right makes an action for itself).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { actionPowers } from '../../../../common/modules/actions/access';
import { RecordSection } from '../../../components/module/RecordSheet';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import type { LinkedActionsProps } from '../../../lib/module-parts';
import { sourceActionsQueryOptions } from '../api/reads';
import { ACTION_PLANS_PREFIX, actionHref, newActionHref, sourceParam } from '../paths';
import { useLiveActions } from '../live';
import { ActionRow } from './parts';

export function LinkedActions({ source, canCreate = true, titled = false }: LinkedActionsProps) {
  const { t } = useTranslation('action');
  const router = useRouter();
  const powers = actionPowers(useEnvelope((state) => state.rights));
  const actions = useQuery({ ...sourceActionsQueryOptions(source.id), enabled: powers.own });
  useLiveActions();
  if (!powers.own) return null;
  const rows = (actions.data?.items ?? []).filter((row) => source.kind !== 'inspection' || row.source?.questionKey === source.questionKey);
  const part = (
    <div className="action-linked">
      {actions.isError && actions.data === undefined && <p role="alert">{describeApiError(actions.error)}</p>}
      {actions.data !== undefined && rows.length === 0 && <p>{t('linked.none')}</p>}
      {rows.length > 0 && (
        <ul className="bare-list action-list-plain" aria-label={t('linked.label')}>
          {rows.map((row) => (
            <li key={row.id}>
              <ActionRow action={row} href={actionHref(ACTION_PLANS_PREFIX, row.id)} />
            </li>
          ))}
        </ul>
      )}
      {canCreate && source.kind !== 'equipment' && (
        <IonButton fill="outline" size="small" onClick={() => void router.navigate({ href: newActionHref(ACTION_PLANS_PREFIX, { source: sourceParam(source) }) })}>
          {t('linked.create')}
        </IonButton>
      )}
    </div>
  );
  return titled ? <RecordSection title={t('linked.title')}>{part}</RecordSection> : part;
}
