/**
 * What a record's sheet shows before it has the record: the error of its read, the offline
 * note (not kept on this device, no network), or the spinner; in the page's layout, so back
 * works. Every module's sheet shows this the same way.
 */
import { IonSpinner } from '@ionic/react';
import { describeApiError } from '../../lib/error-messages';
import { ModulePage } from './ModulePage';

export interface SheetPlaceholderProps {
  title: string;
  onBack?: (() => void) | undefined;
  /** The record's read. */
  query: { isError: boolean; error: unknown; isPending: boolean; fetchStatus: string };
  offlineText: string;
  loadingLabel: string;
}

export function SheetPlaceholder({ title, onBack, query, offlineText, loadingLabel }: SheetPlaceholderProps) {
  return (
    <ModulePage title={title} onBack={onBack}>
      <div className="record-sheet">
        {query.isError ? <p role="alert">{describeApiError(query.error)}</p> : null}
        {query.isPending && query.fetchStatus === 'paused' && <p>{offlineText}</p>}
        {query.isPending && query.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={loadingLabel} />}
      </div>
    </ModulePage>
  );
}
