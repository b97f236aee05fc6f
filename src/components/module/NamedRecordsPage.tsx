/**
 * A manager's page of a small named kind (a district's trades, types, categories): add one,
 * rename one, delete one with a confirmation; each change an outbox write of the generic record
 * kind (lib/record-kind.ts), marked as waiting until sent. A delete the server refuses while the
 * name is in use comes back as the outbox's failed write, with the server's message.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../lib/error-messages';
import { usePendingWrites } from '../../lib/outbox';
import type { RecordKindApi, RecordLike } from '../../lib/record-kind';
import { withToast } from '../../lib/toast-action';
import { WaitingMark } from '../WaitingMark';
import { ModulePage } from './ModulePage';
import { TextField } from './RecordForm';
import type { FieldProblem } from './validation';

export interface NamedRecord extends RecordLike {
  name: string;
}

/** The page's texts, translated by the module (`count` says how many records use one). */
export interface NamedRecordsTexts {
  title: string;
  name: string;
  add: string;
  added: string;
  renamed: string;
  deleted: string;
  empty: string;
  rename: (name: string) => string;
  remove: (name: string) => string;
  confirmRemove: (name: string) => string;
  count?: (record: NamedRecord) => string;
}

export interface NamedRecordsPageProps<R extends NamedRecord> {
  kind: RecordKindApi<{ name: string }, R, R>;
  texts: NamedRecordsTexts;
  maxLength: number;
  onBack: () => void;
}

const nameProblem = (name: string): FieldProblem | undefined => (name.trim() === '' ? { key: 'module.error.required' } : undefined);

export function NamedRecordsPage<R extends NamedRecord>({ kind, texts, maxLength, onBack }: NamedRecordsPageProps<R>) {
  const { t } = useTranslation();
  const list = useQuery(kind.allQueryOptions());
  const pending = usePendingWrites(kind.spec.module);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried || name !== '' ? nameProblem(name) : undefined;

  const add = async () => {
    setTried(true);
    if (nameProblem(name) !== undefined) return;
    if (await withToast(() => kind.queueCreate({ name: name.trim() }), texts.added)) {
      setName('');
      setTried(false);
    }
  };

  return (
    <ModulePage title={texts.title} onBack={onBack}>
      <div className="record-sheet">
        <form
          className="record-form"
          aria-label={texts.add}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <TextField label={texts.name} value={name} onChange={setName} problem={problem} maxlength={maxLength} />
          <div className="record-form-actions">
            <IonButton type="submit">{texts.add}</IonButton>
          </div>
        </form>
        {list.isPending && <IonSpinner name="crescent" aria-label={t('module.loading')} />}
        {list.isError && list.data === undefined && <p role="alert">{describeApiError(list.error)}</p>}
        {list.data !== undefined && (
          <ul className="named-records" aria-label={texts.title}>
            {list.data
              .filter((record) => record.deletedAt === null)
              .map((record) => (
                <NamedRow key={record.id} kind={kind} record={record} texts={texts} maxLength={maxLength} waiting={pending.some((item) => item.recordId === record.id)} />
              ))}
          </ul>
        )}
        {list.data?.length === 0 && <p>{texts.empty}</p>}
      </div>
    </ModulePage>
  );
}

function NamedRow<R extends NamedRecord>({ kind, record, texts, maxLength, waiting }: { kind: RecordKindApi<{ name: string }, R, R>; record: R; texts: NamedRecordsTexts; maxLength: number; waiting: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(record.name);
  const [confirm, setConfirm] = useState(false);
  const problem = nameProblem(name);
  if (editing) {
    return (
      <li className="named-record">
        <form
          className="named-record-edit"
          aria-label={texts.rename(record.name)}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (problem !== undefined) return;
            void withToast(() => kind.queueUpdate(record, { name: name.trim() }), texts.renamed).then((ok) => ok && setEditing(false));
          }}
        >
          <TextField label={texts.name} value={name} onChange={setName} problem={problem} maxlength={maxLength} />
          <IonButton type="submit">{t('module.save')}</IonButton>
          <IonButton fill="outline" onClick={() => (setName(record.name), setEditing(false))}>
            {t('module.cancel')}
          </IonButton>
        </form>
      </li>
    );
  }
  return (
    <li className="named-record">
      <span className="named-record-name">{record.name}</span>
      {texts.count !== undefined && <span className="named-record-count">{texts.count(record)}</span>}
      {waiting && <WaitingMark />}
      <IonButton fill="outline" aria-label={texts.rename(record.name)} onClick={() => setEditing(true)}>
        {t('module.rename')}
      </IonButton>
      {confirm ? (
        <>
          <IonButton color="danger" onClick={() => void withToast(() => kind.queueDelete(record), texts.deleted)}>
            {texts.confirmRemove(record.name)}
          </IonButton>
          <IonButton fill="outline" onClick={() => setConfirm(false)}>
            {t('module.cancel')}
          </IonButton>
        </>
      ) : (
        <IonButton fill="outline" color="danger" aria-label={texts.remove(record.name)} onClick={() => setConfirm(true)}>
          {t('module.delete')}
        </IonButton>
      )}
    </li>
  );
}
