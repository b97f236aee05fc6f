/**
 * "Export" on a records list (lib/module-parts.ts: the generic list page shows it): when the
 * catalogue has an export for this list, CSV or XLSX of the list as filtered (the filters of its
 * address). The catalogue is the server's (which exports exist, their filters, their lists), so
 * a module that registers an export gets the button without a line of its own.
 *
 * It is on every list's first screen: a plain button in Ionic's outlined look (plain.css), and
 * the action sheet created only when it opens, not one hidden overlay per list at its start.
 */
import { IonActionSheet } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../../common/modules/importExport/schemas';
import { downloadList } from '../../../components/module/RecordPages';
import type { ListExportProps } from '../../../lib/module-parts';
import { showToast } from '../../../lib/toast';
import { catalogueQueryOptions } from '../api';
import '../../../components/plain.css';
import { exportOfList, listExportRequest } from '../list-export';

export function ListExport({ list }: ListExportProps) {
  const { t, i18n } = useTranslation('importExport');
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { data } = useQuery(catalogueQueryOptions());
  const [open, setOpen] = useState(false);
  const spec = data ? exportOfList(data.exports, list ?? pathname) : undefined;
  if (!spec) return null;
  const label = spec.label[i18n.language.startsWith('en') ? 'en' : 'fr'];
  const download = (format: ExportFormat) => {
    const request = listExportRequest(spec, search, format, i18n.language);
    if (request.unsupported.length > 0) {
      showToast({ message: t('list_export.unsupported'), kind: 'warning' });
      return;
    }
    downloadList(request.path, request.params, `${spec.name}.${format}`);
  };
  return (
    <>
      <button type="button" className="app-button app-button--outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('list_export.button')}
      </button>
      {open && (
        <IonActionSheet
          isOpen
          header={t('list_export.header', { name: label })}
          onDidDismiss={() => setOpen(false)}
          buttons={[
            { text: t('list_export.csv'), handler: () => download('csv') },
            { text: t('list_export.xlsx'), handler: () => download('xlsx') },
            { text: t('list_export.cancel'), role: 'cancel' },
          ]}
        />
      )}
    </>
  );
}
