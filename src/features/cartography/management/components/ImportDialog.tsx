/**
 * Import and export of the map's records (POST /api/cartography/import, GET /export), a dialog
 * of its own for the areas' page and the points' page alike:
 *
 * - Import: a GeoJSON or KML file chosen (or its text pasted), the target layer (of the kinds
 *   the page manages), the category of its points or the group of its areas; then a dry run
 *   (the server checks every feature and counts what it would create, or answers 400 naming
 *   the feature and the reason, shown as is), then Import. The import is one request online
 *   (the server writes all or nothing in one transaction), under one Idempotency-Key per
 *   checked text, so a retry after a lost answer writes nothing twice; it is not queued
 *   offline: the dry run's answer is what the user decides on.
 * - Export: the chosen layers' points and areas as a GeoJSON file.
 */
import { IonButton, IonModal } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaGroup, ImportBody, ImportResult, Layer, LayerKind, PoiCategory } from '../../../../../common/modules/cartography/schemas';
import { ChoiceSelect } from '../../../../components/module/ChoiceSelect';
import { useBackClosesDialog } from '../../../../hooks/use-back-closes-dialog';
import { downloadApiFile } from '../../../../lib/download';
import { describeApiError } from '../../../../lib/error-messages';
import { sendWrite } from '../../../../lib/outbox';
import { showToast } from '../../../../lib/toast';
import '../../../../components/dialog.css';
import { detectFormat, IMPORT_TEXT_MAX, importProblem } from '../import-format';

type Check = { state: 'none' } | { state: 'checking' } | { state: 'checked'; result: ImportResult; key: string } | { state: 'refused'; message: string } | { state: 'importing'; result: ImportResult; key: string };

export interface ImportDialogProps {
  isOpen: boolean;
  onDismiss: () => void;
  /** Every layer of the district; the import offers those of `kinds`, the export all of them. */
  layers: readonly Layer[];
  kinds: readonly LayerKind[];
  groups?: readonly AreaGroup[];
  categories?: readonly PoiCategory[];
  /** After an import: what to read again. */
  onImported?: (result: ImportResult) => void;
}

export function ImportDialog({ isOpen, onDismiss, layers, kinds, groups = [], categories = [], onImported }: ImportDialogProps) {
  const { t } = useTranslation('cartography');
  const titleId = useId();
  const queryClient = useQueryClient();
  const live = layers.filter((layer) => layer.deletedAt === null);
  const targets = live.filter((layer) => kinds.includes(layer.kind));
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | undefined>(undefined);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [layerId, setLayerId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [check, setCheck] = useState<Check>({ state: 'none' });
  const [exported, setExported] = useState<ReadonlySet<string>>(new Set());
  useBackClosesDialog(isOpen, onDismiss);

  const layer = targets.find((candidate) => candidate.id === layerId) ?? targets[0];
  const changed = () => setCheck({ state: 'none' });
  /** A choice changes what the dry run answered: check again. */
  const choose = (set: (value: string) => void) => (value: string | null) => {
    changed();
    set(value ?? '');
  };

  const body = (dryRun: boolean): ImportBody | null => {
    if (layer === undefined || text.trim() === '') return null;
    return {
      format: detectFormat(text, fileName),
      text,
      layerId: layer.id,
      ...(layer.kind === 'points' && categoryId !== '' ? { categoryId } : {}),
      ...(layer.kind === 'areas' && groupId !== '' ? { groupId } : {}),
      dryRun,
    };
  };

  const readFile = async (file: File | undefined) => {
    changed();
    setFileProblem(null);
    if (file === undefined) return;
    if (file.size > IMPORT_TEXT_MAX) {
      setFileProblem(t('management.import.too_large', { size: Math.ceil(file.size / 1024 / 1024) }));
      return;
    }
    try {
      setText(await file.text());
      setFileName(file.name);
    } catch {
      setFileProblem(t('management.import.unreadable'));
    }
  };

  const dryRun = async () => {
    const request = body(true);
    if (request === null) return;
    setCheck({ state: 'checking' });
    // A new key per check: the dry run writes nothing, and the import that follows has its own.
    try {
      const result = await sendWrite<ImportResult>('post', 'cartography/import', request, crypto.randomUUID());
      setCheck({ state: 'checked', result, key: crypto.randomUUID() });
    } catch (error) {
      setCheck({ state: 'refused', message: importProblem(error) });
    }
  };

  const runImport = async () => {
    if (check.state !== 'checked') return;
    const request = body(false);
    if (request === null) return;
    setCheck({ ...check, state: 'importing' });
    try {
      const result = await sendWrite<ImportResult>('post', 'cartography/import', request, check.key);
      showToast({ message: t('management.import.done', { points: result.points, areas: result.areas }), kind: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['cartography'] });
      onImported?.(result);
      setText('');
      setFileName(undefined);
      setCheck({ state: 'none' });
      onDismiss();
    } catch (error) {
      // The same key again on a retry: the server replays the first answer.
      setCheck({ state: 'refused', message: importProblem(error) });
    }
  };

  const download = () => {
    const chosen = live.filter((candidate) => exported.has(candidate.id)).map((candidate) => candidate.id);
    const params = chosen.length === 0 ? undefined : new URLSearchParams({ layers: chosen.join(',') });
    void downloadApiFile('cartography/export', params, 'cartographie.geojson').catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };

  const busy = check.state === 'checking' || check.state === 'importing';
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onDismiss} aria-label={t('management.import.title')} aria-labelledby={titleId} className="app-dialog cm-import-dialog">
      <div className="app-dialog-body cm-dialog-body">
        <h2 id={titleId}>{t('management.import.title')}</h2>
        <section aria-label={t('management.import.import_label')}>
          <label className="cm-field">
            {t('management.import.file')}
            <input type="file" accept=".geojson,.json,.kml,application/geo+json,application/json,application/vnd.google-earth.kml+xml" onChange={(event) => void readFile(event.target.files?.[0])} />
          </label>
          {fileProblem !== null && <p role="alert" className="cm-problem">{fileProblem}</p>}
          <label className="cm-field">
            {t('management.import.paste')}
            <textarea
              rows={5}
              value={text}
              spellCheck={false}
              onChange={(event) => {
                changed();
                setFileName(undefined);
                setText(event.target.value);
              }}
            />
          </label>
          {targets.length === 0 ? (
            <p role="alert">{t('management.import.no_layer')}</p>
          ) : (
            <ChoiceSelect label={t('management.import.layer')} value={layer?.id ?? null} choices={targets} onChange={choose(setLayerId)} />
          )}
          {layer?.kind === 'areas' && (
            <ChoiceSelect
              label={t('management.common.group')}
              value={groupId === '' ? null : groupId}
              choices={groups.filter((group) => group.deletedAt === null)}
              noneLabel={t('management.areas.no_group')}
              onChange={choose(setGroupId)}
            />
          )}
          {layer?.kind === 'points' && (
            <ChoiceSelect
              label={t('management.import.category')}
              value={categoryId === '' ? null : categoryId}
              choices={categories.filter((category) => category.deletedAt === null)}
              noneLabel={t('management.import.category_choose')}
              onChange={choose(setCategoryId)}
            />
          )}
          <div role="status" className="cm-import-status">
            {check.state === 'checking' && t('management.import.checking')}
            {(check.state === 'checked' || check.state === 'importing') &&
              t('management.import.would_create', { points: check.result.points, areas: check.result.areas, format: detectFormat(text, fileName).toUpperCase() })}
          </div>
          {check.state === 'refused' && (
            <p role="alert" className="cm-problem">
              {check.message}
            </p>
          )}
          <div className="app-dialog-actions">
            <IonButton fill="outline" disabled={busy || body(true) === null} onClick={() => void dryRun()}>
              {t('management.import.check')}
            </IonButton>
            <IonButton disabled={check.state !== 'checked'} onClick={() => void runImport()}>
              {t('management.import.import')}
            </IonButton>
          </div>
        </section>
        <section aria-label={t('management.import.export_label')} className="cm-export">
          <h3>{t('management.import.export_title')}</h3>
          <fieldset>
            <legend>{t('management.import.export_layers')}</legend>
            {live.map((candidate) => (
              <label key={candidate.id} className="cm-check">
                <input
                  type="checkbox"
                  checked={exported.has(candidate.id)}
                  onChange={(event) =>
                    setExported((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.add(candidate.id);
                      else next.delete(candidate.id);
                      return next;
                    })
                  }
                />
                {candidate.name}
              </label>
            ))}
          </fieldset>
          <IonButton fill="outline" onClick={download}>
            {t(exported.size === 0 ? 'management.import.export_all' : 'management.import.export_chosen', { count: exported.size })}
          </IonButton>
        </section>
        <div className="app-dialog-actions">
          <IonButton fill="clear" onClick={onDismiss}>
            {t('management.common.close')}
          </IonButton>
        </div>
      </div>
    </IonModal>
  );
}
