/**
 * Managing a site's stages (sites.admin): add a 3D or 360 stage with its image, rename,
 * replace its image, move it up or down among the stages of its kind, delete it. The image
 * is the original file (a panorama must keep its full size: no resize), stored with the
 * outbox item and uploaded resumably before the stage is written. Every change is an outbox
 * write; the buttons say which stage they act on, for screen readers.
 */
import { IonButton } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site, SiteStage, StageKind } from '../../../../common/modules/sites/schemas';
import { STAGE_NAME_MAX } from '../../../../common/modules/sites/schemas';
import { MaskIcon } from '../../../components/MaskIcon';
import { RecordSection } from '../../../components/module/RecordSheet';
import '../../../components/icon-button.css';
import { TextField } from '../../../components/module/RecordForm';
import { PhotoPicker, type PickedPhoto } from '../../../components/PhotoPicker';
import { queueCreateStage, queueDeleteStage, queueOrderStages, queueReplaceStageImage } from '../writes';
import { withToast } from './toast-action';

export function moveStage(ids: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

export function StagesManager({ site }: { site: Site }) {
  const { t } = useTranslation('sites');
  const [kind, setKind] = useState<StageKind>('threeSixty');
  const [name, setName] = useState('');
  const [image, setImage] = useState<PickedPhoto | null>(null);
  const [tried, setTried] = useState(false);
  const kindId = useId();

  const run = (action: () => Promise<unknown>, done: string) => withToast(action, t(done));

  const nameProblem = tried && name.trim() === '' ? { key: 'module.error.required' } : undefined;
  const add = async () => {
    setTried(true);
    if (name.trim() === '') return;
    const ok = await run(() => queueCreateStage(site, kind, name, image), 'stages.added');
    if (ok) {
      setName('');
      setImage(null);
      setTried(false);
    }
  };

  const byKind = (k: StageKind) => site.stages.filter((s) => s.kind === k).sort((a, b) => a.position - b.position);

  return (
    <RecordSection title={t('stages.manage')}>
      {(['threeD', 'threeSixty'] as const).map((k) => (
        <StageOrderList
          key={k}
          title={t(k === 'threeD' ? 'sheet.stages_3d' : 'sheet.stages_360')}
          stages={byKind(k)}
          onMove={(id, delta) =>
            void run(() => queueOrderStages(site, { kind: k, ids: moveStage(byKind(k).map((s) => s.id), id, delta) }), 'stages.reordered')
          }
          onDelete={(stage) => void run(() => queueDeleteStage(site, stage.id), 'stages.deleted')}
          onImage={(stage, photo) => void run(() => queueReplaceStageImage(site, stage.id, photo), 'stages.image_replaced')}
        />
      ))}
      <form
        className="record-form site-stage-form"
        aria-label={t('stages.add_title')}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <h3>{t('stages.add_title')}</h3>
        <label className="record-form-select" htmlFor={kindId}>
          {t('stages.kind')}
          <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as StageKind)}>
            <option value="threeSixty">{t('stages.kind_360')}</option>
            <option value="threeD">{t('stages.kind_3d')}</option>
          </select>
        </label>
        <TextField label={t('stages.name')} value={name} onChange={setName} problem={nameProblem} maxlength={STAGE_NAME_MAX} />
        <PhotoPicker resize={keepOriginal} multiple={false} onPicked={(photos) => setImage(photos[0] ?? null)} />
        {image !== null && <p>{t('stages.image_chosen', { name: image.name })}</p>}
        <div className="record-form-actions">
          <IonButton type="submit">{t('stages.add')}</IonButton>
        </div>
      </form>
    </RecordSection>
  );
}

interface StageOrderListProps {
  title: string;
  stages: readonly SiteStage[];
  onMove: (id: string, delta: -1 | 1) => void;
  onDelete: (stage: SiteStage) => void;
  onImage: (stage: SiteStage, photo: PickedPhoto) => void;
}

/**
 * Panoramas are sent as taken: resizing would lose the detail the 360° viewer zooms into, and
 * the resumable upload (tus) carries large files without starting over.
 */
const keepOriginal = (file: Blob): Promise<PickedPhoto> =>
  Promise.resolve({
    blob: file,
    name: file instanceof File ? file.name : 'panorama.jpg',
    type: (file.type || 'image/jpeg') as PickedPhoto['type'],
    width: 0,
    height: 0,
    takenAt: null,
    gps: null,
  });

function StageOrderList({ title, stages, onMove, onDelete, onImage }: StageOrderListProps) {
  const { t } = useTranslation('sites');
  const [confirm, setConfirm] = useState<string | null>(null);
  if (stages.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ol className="named-records">
        {stages.map((stage, index) => (
          <li key={stage.id} className="named-record">
            <span className="named-record-name">{stage.name}</span>
            <button
              type="button"
              className="icon-button"
              disabled={index === 0}
              aria-label={t('stages.move_up', { name: stage.name })}
              title={t('stages.move_up', { name: stage.name })}
              onClick={() => onMove(stage.id, -1)}
            >
              <MaskIcon icon={arrowUpOutline} />
            </button>
            <button
              type="button"
              className="icon-button"
              disabled={index === stages.length - 1}
              aria-label={t('stages.move_down', { name: stage.name })}
              title={t('stages.move_down', { name: stage.name })}
              onClick={() => onMove(stage.id, 1)}
            >
              <MaskIcon icon={arrowDownOutline} />
            </button>
            <PhotoPicker resize={keepOriginal} multiple={false} onPicked={(photos) => photos[0] && onImage(stage, photos[0])} />
            {confirm === stage.id ? (
              <>
                <IonButton color="danger" onClick={() => (setConfirm(null), onDelete(stage))}>
                  {t('stages.delete_yes', { name: stage.name })}
                </IonButton>
                <IonButton fill="outline" onClick={() => setConfirm(null)}>
                  {t('sheet.cancel')}
                </IonButton>
              </>
            ) : (
              <IonButton fill="outline" color="danger" onClick={() => setConfirm(stage.id)} aria-label={t('stages.delete', { name: stage.name })}>
                {t('stages.delete_short')}
              </IonButton>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
