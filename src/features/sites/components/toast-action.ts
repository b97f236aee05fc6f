/** A manager's action on a Sites screen, its outcome in a toast: the app's shared one (lib/toast-action.ts). */
export { withToast } from '../../../lib/toast-action';
