/**
 * The shell's pending count (MODULES.md "the pending count in the shell"): every write of
 * every module saved on this device and not yet delivered (emergency alerts included), shown
 * as a badge in the toolbar beside the emergency entry while there is any, leading to the
 * outbox page. It starts reading the outbox at the first idle moment: opening IndexedDB and
 * its channel is not the first screen's work.
 */
import { cloudUploadOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, IconLink } from '../../../components/IconButton';
import { usePendingCount } from '../../../lib/outbox/hooks';
import { whenIdle } from '../../../lib/when-idle';

export const OUTBOX_PATH = '/emergency/outbox';

function PendingCount() {
  const { t } = useTranslation();
  const count = usePendingCount();
  if (count === 0) return null;
  return (
    <IconLink href={OUTBOX_PATH} label={t('outbox.pending_count', { count })} icon={cloudUploadOutline} className="toolbar-pending-writes">
      <Badge count={count} testId="pending-writes-badge" />
    </IconLink>
  );
}

export function PendingWritesLink() {
  const [reading, setReading] = useState(false);
  useEffect(() => whenIdle(() => setReading(true)), []);
  return reading ? <PendingCount /> : null;
}
