/**
 * Ionic's one-time setup (config, platform mode). Not in the entry: no screen of the first load
 * needs Ionic (the login page is plain elements), so every module that renders Ionic outside
 * IonicRoot imports this first (components/ToastHost, components/UpdatePrompt, the reconnect
 * dialog), and IonicRoot does for the pages. Users who ask for reduced motion get Ionic's
 * dialogs, menus and toasts without animation (theme.css does the same for the app's own).
 */
import { setupIonicReact } from '@ionic/react';

setupIonicReact({ animated: !window.matchMedia('(prefers-reduced-motion: reduce)').matches });
