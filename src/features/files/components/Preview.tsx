/**
 * A document's preview on the device: an image, a text, a PDF (drawn by pdf.js, loaded on demand:
 * PdfPreview), or a download for any other type. The bytes come from fileBytes (memory, kept folder, network), so
 * a preview then a download reads the network once.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion } from '../../../../common/modules/files/schemas';
import { saveResponse } from '../../../lib/download';
import { fileBytes } from '../keep';
import { pdfEngine, PdfPreview } from './PdfPreview';

const TEXT_MAX = 200_000;

export async function downloadVersion(version: Pick<DocumentVersion, 'id' | 'name'>): Promise<void> {
  await saveResponse(new Response(await fileBytes(version.id)), version.name);
}

type Shown = { kind: 'image'; url: string } | { kind: 'pdf'; blob: Blob } | { kind: 'text'; text: string } | { kind: 'none' };

export function Preview({ version }: { version: DocumentVersion }) {
  const { t } = useTranslation('file-explorer');
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    setShown(null);
    setFailed(false);
    const kind = version.type.startsWith('image/') && version.type !== 'image/svg+xml' ? 'image' : version.type === 'application/pdf' ? 'pdf' : version.type.startsWith('text/plain') || version.type === 'text/csv' ? 'text' : 'none';
    if (kind === 'none') {
      setShown({ kind: 'none' });
      return;
    }
    // pdf.js loads and its worker starts while the bytes are read.
    if (kind === 'pdf') pdfEngine().catch(() => undefined);
    fileBytes(version.id)
      .then(async (blob) => {
        if (!live) return;
        if (kind === 'text') {
          setShown({ kind: 'text', text: (await blob.slice(0, TEXT_MAX).text()) });
          return;
        }
        if (kind === 'pdf') {
          setShown({ kind: 'pdf', blob });
          return;
        }
        url = URL.createObjectURL(new Blob([blob], { type: version.type }));
        setShown({ kind: 'image', url });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [version.id, version.type]);
  if (failed) return <p className="files-preview-note">{t('preview.unavailable')}</p>;
  if (shown === null) return <IonSpinner aria-label={t('preview.loading')} />;
  if (shown.kind === 'image') return <img className="files-preview-image" src={shown.url} alt={version.name} />;
  if (shown.kind === 'pdf') return <PdfPreview blob={shown.blob} name={version.name} onDownload={() => void downloadVersion(version)} />;
  if (shown.kind === 'text') return <pre className="files-preview-text">{shown.text}</pre>;
  return (
    <div className="files-preview-note">
      <p>{t('preview.none')}</p>
      <IonButton onClick={() => void downloadVersion(version)}>{t('document.download')}</IonButton>
    </div>
  );
}
