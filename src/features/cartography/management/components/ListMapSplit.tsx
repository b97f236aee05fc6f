/**
 * The frame of a management page that shows records in a list and on a map: side by side on a
 * wide screen (the shell's WIDE_MEDIA), one at a time on a phone with a switch between them
 * (the page keeps which one in its address). While a record is placed on the map with its form
 * open (`stacked`), a phone shows both: the map above, the form below, and no switch. Shared by
 * the points, the areas and the incidents pages; its page is a ModulePage of class
 * `cm-fill-page` (editors.css: the split fills the page's content).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWideLayout } from '../../../../components/module/SplitLayout';
import './list-map-split.css';

export type Pane = 'list' | 'map';

export interface ListMapSplitProps {
  list: ReactNode;
  map: ReactNode;
  /** The phone's pane. */
  pane: Pane;
  onPane: (pane: Pane) => void;
  /** A phone shows the map above the list (a form placing a record on the map), without the switch. */
  stacked?: boolean;
}

export function ListMapSplit({ list, map, pane, onPane, stacked = false }: ListMapSplitProps) {
  const { t } = useTranslation('cartography');
  const wide = useWideLayout();
  if (wide) {
    return (
      <div className="cm-split cm-split-wide">
        <div className="cm-split-list">{list}</div>
        <div className="cm-split-map">{map}</div>
      </div>
    );
  }
  if (stacked) {
    return (
      <div className="cm-split cm-split-stacked">
        <div className="cm-split-map">{map}</div>
        <div className="cm-split-list">{list}</div>
      </div>
    );
  }
  return (
    <div className="cm-split">
      <div className="cm-pane-switch" role="group" aria-label={t('management.common.view')}>
        {(['list', 'map'] as const).map((choice) => (
          <button key={choice} type="button" aria-pressed={pane === choice} className={pane === choice ? 'active' : undefined} onClick={() => onPane(choice)}>
            {t(`management.common.pane_${choice}`)}
          </button>
        ))}
      </div>
      <div className={pane === 'map' ? 'cm-split-map' : 'cm-split-list'}>{pane === 'map' ? map : list}</div>
    </div>
  );
}
