/**
 * An area's sheet: name, layer, group, colour, surface (m² or ha), description and history;
 * for managers Edit, Edit the shape (a single polygon), Delete or Restore, each queued in the
 * outbox. An area written on this device shows at once, marked waiting.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Area } from '../../../../../common/modules/cartography/schemas';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../../components/module/RecordSheet';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { deletedOnceSent, withPendingRecord, type PendingWrite, type WithPending } from '../../../../lib/outbox';
import { describeApiError } from '../../../../lib/error-messages';
import { showToast } from '../../../../lib/toast';
import { showSavedToast } from '../../../../lib/saved-toast';
import { areaHistoryQueryOptions, areaQueryOptions } from '../api/areas';
import { pendingCreatedArea } from '../area-pending';
import { AREA_HISTORY_FIELDS } from '../history-fields';
import { shapeEditable, surfaceText } from '../drawing';
import { queueDelete, queueRestore } from '../record-writes';

export interface AreaSheetProps {
  areaId: string;
  manager: boolean;
  writes: readonly PendingWrite[];
  complete: (row: WithPending<Area>) => WithPending<Area>;
  colourOf: (area: Pick<Area, 'colour' | 'groupId' | 'layerId'>) => string;
  onEdit: (area: Area) => void;
  onReshape: (area: Area) => void;
  onClose: () => void;
}

export function AreaSheet({ areaId, manager, writes, complete, colourOf, onEdit, onReshape, onClose }: AreaSheetProps) {
  const { t, i18n } = useTranslation('cartography');
  const query = useQuery(areaQueryOptions(areaId));
  const own = writes.filter((write) => write.item.recordId === areaId);
  const area = query.data === undefined ? pendingCreatedArea(areaId, own, complete) : withPendingRecord(query.data, own);
  if (area === undefined) {
    if (query.isPending && query.fetchStatus !== 'paused') return <p className="cm-pane-state">{t('management.common.loading')}</p>;
    return (
      <div className="cm-pane-state" role="alert">
        <p>{query.isError ? describeApiError(query.error) : t('management.common.offline_unknown')}</p>
        <IonButton fill="outline" onClick={onClose}>
          {t('management.common.back_to_list')}
        </IonButton>
      </div>
    );
  }
  const deleted = deletedOnceSent(query.data, own);
  const act = (queue: () => Promise<unknown>, done: string) => () =>
    void queue().then(
      () => showSavedToast(done),
      (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  return (
    <RecordSheet label={area.name}>
      <div className="cm-sheet-head">
        <h2>{area.name}</h2>
        {deleted && <StatusChip label={t('management.common.deleted')} tone="danger" />}
        {area.pending !== undefined && <WaitingMark pending={area.pending} />}
      </div>
      {manager && (
        <div className="cm-sheet-actions">
          {!deleted && (
            <>
              <IonButton onClick={() => onEdit(area)}>{t('management.common.edit')}</IonButton>
              {shapeEditable(area.geometry) && (
                <IonButton fill="outline" onClick={() => onReshape(area)}>
                  {t('management.areas.edit_shape')}
                </IonButton>
              )}
              <IonButton fill="outline" color="danger" onClick={act(() => queueDelete('areas', area), t('management.areas.deleted_done'))}>
                {t('management.common.delete')}
              </IonButton>
            </>
          )}
          {deleted && <IonButton onClick={act(() => queueRestore('areas', area), t('management.areas.restored_done'))}>{t('management.common.restore')}</IonButton>}
        </div>
      )}
      <RecordSection title={t('management.common.details')}>
        <RecordFields
          fields={[
            { label: t('management.common.layer'), value: area.layerName },
            { label: t('management.common.group'), value: area.groupName ?? t('management.areas.no_group') },
            {
              label: t('management.common.colour'),
              value: (
                <span className="cm-colour-value">
                  <span className="cm-swatch" style={{ background: colourOf(area) }} aria-hidden="true" />
                  {area.colour ?? t('management.areas.colour_inherited', { colour: colourOf(area) })}
                </span>
              ),
            },
            { label: t('management.areas.surface'), value: surfaceText(area.areaSquareMetres, i18n.language) },
            { label: t('management.common.description'), value: area.description || t('management.common.none') },
          ]}
        />
      </RecordSection>
      {query.data !== undefined && (
        <RecordSection title={t('management.common.history')}>
          <HistoryList query={areaHistoryQueryOptions(areaId)} fields={AREA_HISTORY_FIELDS} />
        </RecordSection>
      )}
    </RecordSheet>
  );
}
