/**
 * The emergency entry of the shell (slots.md): a button with the unsent-alerts badge that
 * opens the emergency dialog. A renders it in the toolbar and the phone tab bar only when
 * can(rights, 'emergency'). The outbox drainer is the shell's to start (app/routes/
 * authenticated.lazy.tsx), for every logged-in user, not only those with this button.
 *
 * The dialog's code is not in the shell's first frame: it is fetched at the first idle moment
 * (so on a weak network it is on the phone before anyone taps) and mounted at the first tap.
 */
import { warningOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, IconButton } from '../../../components/IconButton';
import { useLatch } from '../../../hooks/use-latch';
import { onEmergencyRequest } from '../../../lib/emergency-request';
import { whenIdle } from '../../../lib/when-idle';
import { usePendingAlertCount } from '../outbox/use-outbox';
import './emergency.css';

const loadDialog = () => import('./EmergencyDialog');
const EmergencyDialog = lazy(() => loadDialog().then((m) => ({ default: m.EmergencyDialog })));

export function EmergencyShellButton({ placement }: { placement: 'toolbar' | 'tab' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A module's "raise an alert for this site" opens the dialog with that site chosen.
  const [siteId, setSiteId] = useState<string | undefined>();
  useEffect(() => onEmergencyRequest((id) => (setSiteId(id), setOpen(true))), []);
  const pending = usePendingAlertCount();

  const mounted = useLatch(open);

  useEffect(() => whenIdle(() => void loadDialog().catch(() => undefined)), []);

  const label = t('emergency.button');
  // The name starts with what the button shows (its label, then the badge's count: WCAG 2.5.3,
  // label in name), then says what the count is.
  const described = pending > 0 ? `${label} ${pending}, ${t('emergency.pending_count', { count: pending })}` : label;

  return (
    <>
      <IconButton
        className={`emergency-shell-button emergency-shell-button-${placement}`}
        tone="danger"
        label={described}
        icon={warningOutline}
        onClick={() => (setSiteId(undefined), setOpen(true))}
      >
        {placement === 'tab' && <span className="emergency-shell-label">{label}</span>}
        {/* A space: the label and the count read as two words, as the name says them. */}
        {pending > 0 && ' '}
        {pending > 0 && <Badge count={pending} />}
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <EmergencyDialog isOpen={open} siteId={siteId} onDismiss={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
