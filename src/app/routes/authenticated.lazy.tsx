/**
 * The authenticated layout: the shell around every page, and the dialogs the shell opens.
 * Features meet here: the shell (features/shell), the session dialogs (features/auth), the
 * bell menu and live notifications (features/notifications), the emergency entry
 * (features/emergency) and the tenancy dialogs (features/tenancy), each shown only with its
 * right (can()).
 */
import { useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDistrict } from '../../features/auth/api/get-district';
import { EmergencyShellButton } from '../../features/emergency/components/EmergencyShellButton';
// The emergency feature's module registers its outbox sender and its offline declaration.
import { fetchEmergencySitesFirst, pendingAlertCount, startOutboxDrainer, triggerOutboxDrain } from '../../features/emergency';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { registerAttachmentSenders } from '../../lib/attachment-writes';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications';
import { Shell } from '../../features/shell/components/Shell';
import type { MenuAction } from '../../features/shell/menu';
import { shouldShowShell } from '../../features/shell/shell-visibility';
import { useEnvelope } from '../../lib/envelope-store';
import { lazyPart } from '../../lib/lazy-part';
import { whenModulesStarted } from '../../lib/module-starts';
import { modulePart } from '../../lib/module-parts';
import { can } from '../../lib/rights';
import { useOfflineData } from '../../lib/offline-reads';
import { onReconnectionStateChange } from '../../lib/reconnection';
import { onSocketConnect, onSocketReconnect } from '../../lib/socket';
import { getSessionDistrictId, getSessionEmail } from '../../lib/storage';
import { whenIdle } from '../../lib/when-idle';
import { useAfterFirstScreen } from '../../hooks/use-first-screen';
import { IonicRoot } from '../ionic/IonicRoot';
import { usePreloadedToastHost } from '../LazyHosts';

type OpenDialog = MenuAction | 'support' | null;

// The shell's dialogs are not in its first frame: each loads when first opened (the shell
// fetches the disconnect one at the first idle moment: logging out offline needs no wait).
// Few users can switch tenants, and only now and then.
// The modules' senders and offline declarations are registered after this layout's first
// screen (lib/module-starts.ts); the platform's own here (an attachment's deletion, whatever its
// module's).
registerAttachmentSenders();

// The terms of use to accept (the tc module's part): asked at start when online, and after any 428.
const TermsGate = lazyPart(modulePart('TermsGate'));

const loadDisconnectDialog = () => import('../../features/auth/components/DisconnectDialog');
const DisconnectDialog = lazy(() => loadDisconnectDialog().then((m) => ({ default: m.DisconnectDialog })));
const SupportDialog = lazy(() =>
  import('../../features/shell/components/SupportDialog').then((m) => ({ default: m.SupportDialog })),
);
const ChangeClientDialog = lazy(() =>
  import('../../features/tenancy/components/ChangeClientDialog').then((m) => ({ default: m.ChangeClientDialog })),
);
const ChangeDistrictDialog = lazy(() =>
  import('../../features/tenancy/components/ChangeDistrictDialog').then((m) => ({ default: m.ChangeDistrictDialog })),
);

function AuthenticatedRoute() {
  return (
    <IonicRoot>
      <AuthenticatedLayout />
    </IonicRoot>
  );
}

function AuthenticatedLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const district = useDistrict();
  const rights = useEnvelope((state) => state.rights);
  const [open, setOpenState] = useState<OpenDialog>(null);
  // A lazy dialog stays mounted once opened, so its closing animation can play.
  const [opened, setOpened] = useState<ReadonlySet<OpenDialog>>(new Set());
  const setOpen = (dialog: OpenDialog) => {
    setOpenState(dialog);
    if (!opened.has(dialog)) setOpened(new Set([...opened, dialog]));
  };
  const close = () => setOpenState(null);
  const showShell = shouldShowShell(pathname, getSessionEmail());
  usePreloadedToastHost();
  const termsChecked = useAfterFirstScreen();
  useEffect(() => whenIdle(() => void loadDisconnectDialog().catch(() => undefined)), []);
  useLiveNotifications(showShell);
  // The emergency outbox drains for any logged-in user (alerts queued before a logout wait
  // for the same account), and again whenever the socket (re)connects. It starts at the first
  // idle moment (at the latest 1 s on): opening IndexedDB, its channel and its lock is not the
  // first screen's work.
  useEffect(() => {
    if (!showShell) return;
    // The modules' starts, once the first screen is up: their writes queued earlier are sent
    // by the drain that follows (the alerts', whose sender is the shell's, by the first).
    let live = true;
    const cancelModules = whenIdle(() => {
      whenModulesStarted().then(
        () => {
          if (live) void triggerOutboxDrain();
        },
        () => undefined,
      );
    });
    const cancelStart = whenIdle(startOutboxDrainer);
    const offConnect = onSocketConnect(() => void triggerOutboxDrain());
    // A successful reconnect (the dialog, here or in another tab) sends what waited.
    const offReconnected = onReconnectionStateChange((awaiting) => !awaiting && void triggerOutboxDrain());
    return () => {
      live = false;
      cancelModules();
      cancelStart();
      offConnect();
      offReconnected();
    };
  }, [showShell]);

  const emergency = can(rights, 'emergency');
  // The alert's site list first, not at the idle moment of the other offline reads: a network
  // lost a second after login must still offer the sites (features/emergency offline-data.ts).
  const queryClient = useQueryClient();
  // What the server pushed while the socket was down (records:changed of every module) never
  // arrives: after a reconnection the queries on screen are asked again and the others marked
  // stale. A phone back on the network reconnects its socket seconds after its first requests,
  // and a change made in between (an approval, a revision saved elsewhere) showed nowhere.
  useEffect(() => (showShell ? onSocketReconnect(() => void queryClient.invalidateQueries()) : undefined), [showShell, queryClient]);
  const districtId = getSessionDistrictId();
  useEffect(() => {
    if (showShell && emergency) void fetchEmergencySitesFirst(queryClient);
  }, [showShell, emergency, queryClient, districtId]);
  // What each module declared a field user needs offline (lib/offline-reads.ts: the emergency
  // dialog's sites and stage lists, the sites...) is fetched at the first idle moment and kept
  // for offline use; again for another account, client or district (the key) and when the
  // connection comes back. Each declaration checks its read right at each run.
  const tenant = district.data;
  useOfflineData(showShell, tenant === undefined ? undefined : `${getSessionEmail() ?? ''}|${tenant.client.database}|${tenant._id}`);

  if (!showShell) return <Outlet />;

  return (
    <>
      <Shell
        districtName={district.data?.name}
        onMenuAction={setOpen}
        onSupport={() => setOpen('support')}
        notificationsSlot={can(rights, 'notifications') ? <NotificationBell /> : undefined}
        emergencyToolbarSlot={emergency ? <EmergencyShellButton placement="toolbar" /> : undefined}
        emergencyTabSlot={emergency ? <EmergencyShellButton placement="tab" /> : undefined}
      >
        <Outlet />
      </Shell>
      {/* The terms' check asks the server and loads the tc module's part: after the first screen. */}
      {termsChecked && (
        <Suspense fallback={null}>
          <TermsGate />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {opened.has('disconnect') && (
          <DisconnectDialog isOpen={open === 'disconnect'} onDismiss={close} countPendingAlerts={pendingAlertCount} />
        )}
        {opened.has('support') && <SupportDialog isOpen={open === 'support'} onDismiss={close} />}
        {/* After a change (true result) the tenancy helper's dialog has done the rest. */}
        {can(rights, 'changeClient') && opened.has('changeClient') && (
          <ChangeClientDialog isOpen={open === 'changeClient'} onDismiss={close} />
        )}
        {can(rights, 'changeDistrict') && opened.has('changeDistrict') && (
          <ChangeDistrictDialog isOpen={open === 'changeDistrict'} onDismiss={close} />
        )}
      </Suspense>
    </>
  );
}

export const Route = createLazyRoute('/_authenticated')({ component: AuthenticatedRoute });
