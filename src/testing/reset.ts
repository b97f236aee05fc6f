/** Forget every piece of module state between tests (storage is cleared by the setup). */
import { resetApiClientState } from '../lib/api-client';
import { resetEnvelope } from '../lib/envelope-store';
import { resetSessionMemory } from '../lib/session';
import { closeSocket } from '../lib/socket';
import { clearToasts } from '../lib/toast';

export function resetClientState(): void {
  resetApiClientState();
  resetSessionMemory();
  resetEnvelope();
  clearToasts();
  closeSocket();
}
