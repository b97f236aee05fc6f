/**
 * A point of interest's sheet, in the points page's side pane: its name, category (with the
 * icon the map draws), layer, site, description, position and history; marked waiting while a
 * write of it is in the outbox, deleted when it is. A manager moves, edits, deletes (after a
 * confirmation) or restores it; a reader sees no write control.
 */
import { IonButton } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { Poi } from '../../../../../common/modules/cartography/schemas';
import { IconButton } from '../../../../components/IconButton';
import { HistoryList, RecordFields, RecordSection } from '../../../../components/module/RecordSheet';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import type { WithPending } from '../../../../lib/outbox';
import { pointHistoryQueryOptions } from '../api/reads';
import { POINT_HISTORY_FIELDS } from '../history-fields';
import { CategoryIcon } from './CategoryIcon';
import { ConfirmDelete } from './ConfirmDelete';
import { formatPosition } from '../../../../lib/numbers';

export interface PointSheetProps {
  point: WithPending<Poi>;
  deleted: boolean;
  manager: boolean;
  onBack: () => void;
  onMove: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
}

export function PointSheet({ point, deleted, manager, onBack, onMove, onEdit, onDelete, onRestore }: PointSheetProps) {
  const { t, i18n } = useTranslation('cartography');
  const created = point.pending?.created === true;
  return (
    <article className="record-sheet cm-sheet" aria-labelledby="cm-point-title">
      <div className="cm-sheet-head">
        <IconButton className="module-target" label={t('management.points.back_to_list')} icon={arrowBackOutline} onClick={onBack} />
        <CategoryIcon icon={point.icon} colour={point.colour} />
        <h2 id="cm-point-title">{point.name}</h2>
        {deleted && <StatusChip label={t('management.common.deleted')} tone="danger" />}
        {point.pending !== undefined && <WaitingMark pending={point.pending} />}
      </div>
      {manager && (
        <div className="cm-actions">
          {deleted ? (
            <IonButton onClick={onRestore}>{t('management.common.restore')}</IonButton>
          ) : (
            <>
              <IonButton onClick={onMove}>{t('management.points.move')}</IonButton>
              <IonButton fill="outline" onClick={onEdit}>
                {t('management.common.edit')}
              </IonButton>
              <ConfirmDelete name={point.name} inUse={null} onDelete={onDelete} />
            </>
          )}
        </div>
      )}
      <RecordFields
        fields={[
          { label: t('management.points.category'), value: point.categoryName },
          { label: t('management.points.layer'), value: point.layerName },
          { label: t('management.points.site'), value: point.siteName ?? t('management.points.no_site') },
          { label: t('management.points.description'), value: point.description === '' ? t('management.common.none') : point.description },
          {
            label: t('management.points.position'),
            value: <span data-testid="point-position">{formatPosition(point.position, i18n.language)}</span>,
          },
        ]}
      />
      {!created && (
        <RecordSection title={t('management.common.history')}>
          <HistoryList query={pointHistoryQueryOptions(point.id)} fields={POINT_HISTORY_FIELDS} />
        </RecordSection>
      )}
    </article>
  );
}
