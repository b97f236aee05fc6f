/**
 * The frame of a management page that shows records in a list and on a map: side by side on a
 * wide screen (the shell's WIDE_MEDIA), one at a time on a phone with a switch between them
 * (the page keeps which one in its address). Shared by the areas and the incidents pages (and
 * fit for the points').
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWideLayout } from '../../../components/module/SplitLayout';

export type Pane = 'list' | 'map';

export interface ListMapSplitProps {
  list: ReactNode;
  map: ReactNode;
  /** The phone's pane. */
  pane: Pane;
  onPane: (pane: Pane) => void;
}

export function ListMapSplit({ list, map, pane, onPane }: ListMapSplitProps) {
  const { t } = useTranslation('cartography');
  const wide = useWideLayout();
  if (wide) {
    return (
      <div className="mgmt-split mgmt-split-wide">
        <div className="mgmt-split-list">{list}</div>
        <div className="mgmt-split-map">{map}</div>
      </div>
    );
  }
  return (
    <div className="mgmt-split">
      <div className="mgmt-pane-switch" role="group" aria-label={t('management.common.view')}>
        {(['list', 'map'] as const).map((choice) => (
          <button key={choice} type="button" aria-pressed={pane === choice} className={pane === choice ? 'active' : undefined} onClick={() => onPane(choice)}>
            {t(`management.common.pane_${choice}`)}
          </button>
        ))}
      </div>
      <div className={pane === 'map' ? 'mgmt-split-map' : 'mgmt-split-list'}>{pane === 'map' ? map : list}</div>
    </div>
  );
}
