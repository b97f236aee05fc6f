/**
 * What the shell loads of Files before any Files screen opens: its writes' senders (writes
 * queued earlier, uploads included, are delivered from any page), the site's sheet panel (every
 * sites reader sees the site's files there) and its offline declaration (the choices).
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData } from '../../lib/offline-declarations';
import { registerRecordPanel } from '../../lib/record-panels';
import { can } from '../../lib/rights';
import { choicesQuery, filesKeys, FILES_MODULE, registerFilesSenders } from './api';

export function startFilesModule(): void {
  registerFilesSenders();
  const readsSites = () => {
    const rights = getEnvelopeState().rights;
    return can(rights, 'files') || can(rights, 'sites');
  };
  registerOfflineData({ module: FILES_MODULE, persist: [filesKeys.all], lists: () => [choicesQuery()], enabled: readsSites });
  registerRecordPanel('sites', { id: 'files.site-files', order: 20, enabled: readsSites, load: () => import('./components/SiteFilesPanel').then((m) => m.SiteFilesPanel) });
}
