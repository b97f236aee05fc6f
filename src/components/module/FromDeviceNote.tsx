/**
 * The note above data the device holds while the server gives it no answer ("Shown from the
 * device, saved at …"), for screens that are not a RecordList (which says it the same way): a
 * query asked again without an answer keeps its data, and the screen shows that data, not an
 * error.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import './module.css';

type HeldQuery = Pick<UseQueryResult<unknown>, 'data' | 'dataUpdatedAt' | 'fetchStatus' | 'isRefetchError'>;

/** Whether `query` shows data the device holds that the server could not confirm. */
export const isFromDevice = (query: HeldQuery): boolean => query.data !== undefined && (query.fetchStatus === 'paused' || query.isRefetchError);

export function FromDeviceNote({ query }: { query: HeldQuery }) {
  const { t, i18n } = useTranslation('components');
  if (!isFromDevice(query)) return null;
  return <p className="record-list-note">{t('module.from_device', { time: formatDateTime(query.dataUpdatedAt, i18n.language) })}</p>;
}
