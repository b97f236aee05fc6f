/**
 * A site's files on its sheet (a record panel of the host `sites`): the explorer on that site,
 * compact, for everyone who reads sites; uploading and changing take the sites' or the
 * explorer's manage right. Its folders can be kept on the device from here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { choicesQuery } from '../api';
import { Explorer } from './Explorer';

export function SiteFilesPanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('file-explorer');
  const rights = useEnvelope((state) => state.rights);
  const choices = useQuery(choicesQuery());
  const [place, setPlace] = useState<{ folder: string | null; document: string | null }>({ folder: null, document: null });
  const name = choices.data?.sites.find((s) => s.id === recordId)?.name ?? t('panel.root');
  return (
    <section className="files-panel" aria-labelledby="files-panel-title">
      <h2 id="files-panel-title" className="files-panel-title">
        {t('panel.title')}
      </h2>
      <Explorer
        tree="site"
        compact
        ownerId={recordId}
        ownerName={name}
        folderId={place.folder}
        documentId={place.document}
        canManage={can(rights, 'files', 'manage') || can(rights, 'sites', 'manage')}
        onOpen={(folder, document) => setPlace({ folder, document: document ?? null })}
      />
    </section>
  );
}
