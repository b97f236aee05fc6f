/** What the shell loads of import/export before any of its screens: its writes' senders (a job queued offline is sent from any page). */
import { registerImportExportSenders } from './api';

export function startImportExport(): void {
  registerImportExportSenders();
}
