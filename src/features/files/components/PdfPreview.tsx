/**
 * A PDF drawn on the device with pdf.js: Android Chrome shows no PDF in a frame. pdf.js (its
 * chunk and its worker, served by the app itself) is imported only when a PDF is shown; the
 * build's precache lists both, so a kept folder's PDF opens offline even if no PDF was ever
 * opened online on the device. One worker serves every PDF of the page load. The first page is drawn at once at the frame's width, the
 * others as they scroll into view, one at a time; zoom redraws them. No eval (the CSP has
 * none): isEvalSupported false.
 */
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { addOutline, removeOutline } from 'ionicons/icons';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A canvas is at most this many device pixels wide (zoom and a dense screen, still drawn fast). */
const MAX_CANVAS_WIDTH = 4096;
const MAX_PIXEL_RATIO = 2;
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

type PdfJs = typeof import('pdfjs-dist');
let engine: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | null = null;

/**
 * pdf.js and its worker, started once per page load and shared by every PDF shown: called as
 * soon as a PDF is to be shown, so the code loads and the worker starts while its bytes are read.
 */
export function pdfEngine(): Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> {
  engine ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, url]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = url.default;
      return { pdfjs, worker: new pdfjs.PDFWorker() };
    })
    .catch((error: unknown) => {
      engine = null;
      throw error;
    });
  return engine;
}

async function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  const [{ pdfjs, worker }, bytes] = await Promise.all([pdfEngine(), blob.arrayBuffer()]);
  return pdfjs.getDocument({ data: new Uint8Array(bytes), worker, isEvalSupported: false }).promise;
}

export function PdfPreview({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation('file-explorer');
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(2);
  const pages = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(false);
    openPdf(blob)
      .then((pdf) => {
        opened = pdf;
        if (live) setDoc(pdf);
        else void pdf.destroy();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    const box = pages.current;
    if (doc === null || box === null) return;
    let live = true;
    const scale = ZOOMS[zoom] ?? 1;
    const cssWidth = Math.max(200, box.clientWidth) * scale;
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO, MAX_CANVAS_WIDTH / cssWidth);
    const slots: HTMLDivElement[] = [];
    const queue: number[] = [];
    let drawing = false;
    let aspect = Math.SQRT2;

    const draw = async (n: number): Promise<void> => {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.className = 'files-pdf-canvas';
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${(cssWidth * base.height) / base.width}px`;
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', t('preview.pdfPage', { n, count: doc.numPages }));
      await page.render({ canvas, viewport }).promise;
      page.cleanup();
      if (!live) return;
      const slot = slots[n - 1];
      if (slot === undefined) return;
      slot.replaceChildren(canvas);
      slot.style.height = '';
      slot.dataset.drawn = 'true';
    };
    const pump = async (): Promise<void> => {
      if (drawing) return;
      drawing = true;
      while (live && queue.length > 0) {
        const n = queue.shift()!;
        try {
          await draw(n);
        } catch {
          if (live) slots[n - 1]?.replaceChildren(Object.assign(document.createElement('p'), { className: 'files-preview-note', textContent: t('preview.pdfPageFailed', { n }) }));
        }
      }
      drawing = false;
    };

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const n = Number((entry.target as HTMLElement).dataset.page);
          observer.unobserve(entry.target);
          if (!queue.includes(n)) queue.push(n);
        }
        void pump();
      },
      { root: null, rootMargin: '300px 0px' },
    );

    // The first page first, at once; its shape sizes the others' places until they are drawn.
    void doc.getPage(1).then((first) => {
      if (!live) return;
      const base = first.getViewport({ scale: 1 });
      aspect = base.height / base.width;
      box.replaceChildren();
      for (let n = 1; n <= doc.numPages; n++) {
        const slot = document.createElement('div');
        slot.className = 'files-pdf-page';
        slot.dataset.page = String(n);
        slot.style.width = `${cssWidth}px`;
        slot.style.height = `${cssWidth * aspect}px`;
        slots.push(slot);
        box.append(slot);
      }
      queue.push(1);
      void pump();
      for (const slot of slots.slice(1)) observer.observe(slot);
    });
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [doc, zoom, t]);

  if (failed) {
    return (
      <div className="files-preview-note" role="alert">
        <p>{t('preview.pdfBroken')}</p>
        <IonButton onClick={onDownload}>{t('document.download')}</IonButton>
      </div>
    );
  }
  return (
    <div className="files-pdf">
      <div className="files-pdf-bar">
        {doc === null ? <IonSpinner aria-label={t('preview.loading')} /> : <span>{t('preview.pdfPages', { count: doc.numPages })}</span>}
        <IonButton fill="clear" className="files-target" disabled={doc === null || zoom === 0} onClick={() => setZoom((z) => z - 1)} aria-label={t('preview.zoomOut')}>
          <IonIcon slot="icon-only" icon={removeOutline} aria-hidden="true" />
        </IonButton>
        <span aria-live="polite">{`${Math.round((ZOOMS[zoom] ?? 1) * 100)} %`}</span>
        <IonButton fill="clear" className="files-target" disabled={doc === null || zoom === ZOOMS.length - 1} onClick={() => setZoom((z) => z + 1)} aria-label={t('preview.zoomIn')}>
          <IonIcon slot="icon-only" icon={addOutline} aria-hidden="true" />
        </IonButton>
      </div>
      <div className="files-pdf-pages" ref={pages} aria-label={name} role="group" />
    </div>
  );
}
