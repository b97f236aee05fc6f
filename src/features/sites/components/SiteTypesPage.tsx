/**
 * /site/types (sites.admin): the district's site types: add one, rename one, delete one (with
 * confirmation; its sites keep existing, without a type). Names are checked against the
 * contract's schema; every change is an outbox write.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_TYPE_NAME_MAX, SiteTypeCreate, type SiteType } from '../../../../common/modules/sites/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { TextField } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingWrites } from '../../../lib/outbox';
import { WaitingMark } from '../../../components/WaitingMark';
import { siteTypesQueryOptions } from '../api/get-site-types';
import { queueCreateSiteType, queueDeleteSiteType, queueRenameSiteType } from '../writes';
import './sites.css';
import { withToast } from './toast-action';

const nameProblem = (name: string) => schemaProblems(SiteTypeCreate, { id: '00000000-0000-4000-8000-000000000000', name: name.trim() }).name;

const run = (action: () => Promise<unknown>, done: string, t: (key: string) => string): Promise<boolean> => withToast(action, t(done));

export function SiteTypesPage({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('sites');
  const types = useQuery(siteTypesQueryOptions());
  const pending = usePendingWrites('sites');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried || name !== '' ? nameProblem(name) : undefined;

  const add = async () => {
    setTried(true);
    if (nameProblem(name) !== undefined) return;
    if (await run(() => queueCreateSiteType(name), 'types.added', t)) {
      setName('');
      setTried(false);
    }
  };

  return (
    <ModulePage title={t('types.title')} onBack={onBack}>
      <div className="record-sheet">
        <form
          className="record-form"
          aria-label={t('types.add_title')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <TextField label={t('types.name')} value={name} onChange={setName} problem={problem} maxlength={SITE_TYPE_NAME_MAX} />
          <div className="record-form-actions">
            <IonButton type="submit">{t('types.add')}</IonButton>
          </div>
        </form>
        {types.isPending && <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
        {types.isError && types.data === undefined && <p role="alert">{describeApiError(types.error)}</p>}
        {types.data !== undefined && (
          <ul className="named-records" aria-label={t('types.title')}>
            {types.data
              .filter((type) => type.deletedAt === null)
              .map((type) => (
                <SiteTypeRow key={type.id} type={type} waiting={pending.some((item) => item.recordId === type.id)} />
              ))}
          </ul>
        )}
        {types.data?.length === 0 && <p>{t('types.empty')}</p>}
      </div>
    </ModulePage>
  );
}

function SiteTypeRow({ type, waiting }: { type: SiteType; waiting: boolean }) {
  const { t } = useTranslation('sites');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(type.name);
  const [confirm, setConfirm] = useState(false);
  const problem = nameProblem(name);
  return (
    <li className="named-record">
      {editing ? (
        <form
          className="site-type-edit"
          aria-label={t('types.rename', { name: type.name })}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (problem !== undefined) return;
            void run(() => queueRenameSiteType(type, name), 'types.renamed', t).then((ok) => ok && setEditing(false));
          }}
        >
          <TextField label={t('types.name')} value={name} onChange={setName} problem={problem} maxlength={SITE_TYPE_NAME_MAX} />
          <IonButton type="submit" disabled={problem !== undefined || name.trim() === type.name}>
            {t('form.save')}
          </IonButton>
          <IonButton fill="outline" onClick={() => (setName(type.name), setEditing(false))}>
            {t('sheet.cancel')}
          </IonButton>
        </form>
      ) : (
        <>
          <span className="named-record-name">{type.name}</span>
          <span className="site-type-count">{t('types.count', { count: type.siteCount })}</span>
          {waiting && <WaitingMark />}
          <IonButton fill="outline" aria-label={t('types.rename', { name: type.name })} onClick={() => setEditing(true)}>
            {t('types.rename_short')}
          </IonButton>
          {confirm ? (
            <>
              <IonButton color="danger" onClick={() => void run(() => queueDeleteSiteType(type), 'types.deleted', t)}>
                {t('types.delete_yes', { name: type.name })}
              </IonButton>
              <IonButton fill="outline" onClick={() => setConfirm(false)}>
                {t('sheet.cancel')}
              </IonButton>
            </>
          ) : (
            <IonButton fill="outline" color="danger" aria-label={t('types.delete', { name: type.name })} onClick={() => setConfirm(true)}>
              {t('stages.delete_short')}
            </IonButton>
          )}
        </>
      )}
    </li>
  );
}
