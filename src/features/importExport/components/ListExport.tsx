/**
 * "Export" on a records list (lib/module-parts.ts: the generic list page shows it): when the
 * catalogue has an export for this list, CSV or XLSX of the list as filtered (the filters of its
 * address). The catalogue is the server's (which exports exist, their filters, their lists), so
 * a module that registers an export gets the button without a line of its own.
 *
 * It is on every list's first screen: a plain button in Ionic's outlined look (plain.css), and
 * the action sheet (./ExportSheet.tsx, Ionic's action sheet in a chunk of its own) loaded and
 * created only when it opens, not one hidden overlay per list at its start.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../../common/modules/importExport/schemas';
import { downloadList } from '../../../components/module/RecordPages';
import { lazyPart } from '../../../lib/lazy-part';
import type { ListExportProps } from '../../../lib/module-parts';
import { showToast } from '../../../lib/toast';
import { catalogueQueryOptions } from '../api';
import '../../../components/plain.css';
import { exportOfList, listExportRequest } from '../list-export';

const ExportSheet = lazyPart(() => import('./ExportSheet').then((m) => m.default));

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
      <button
        type="button"
        className="app-button app-button--outline"
        onClick={() => {
          // Opened once its code is here; a first try that failed (offline, before the service
          // worker held it) is tried again at the next press.
          setOpen(false);
          void ExportSheet.preload().then(() => setOpen(true));
        }}
        aria-haspopup="dialog"
      >
        {t('list_export.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportSheet name={label} onChoose={download} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
