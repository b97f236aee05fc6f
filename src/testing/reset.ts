/** Forget every piece of module state between tests (storage is cleared by the setup). */
import { clearRequestCache, resetApiClientState } from '../lib/api-client';
import { resetCatalogueEffects } from '../lib/catalogue-effects';
import { resetAccountLanguage } from '../lib/account-language';
import { resetConnectivity } from '../lib/connectivity';
import { resetEnvelope } from '../lib/envelope-store';
import { resetInstallState } from '../lib/install-prompt';
import { resetClockSkew } from '../lib/jwt';
import { resetReconnectionState } from '../lib/reconnection';
import { resetTransfers } from '../lib/progress';
import { resetSessionMemory } from '../lib/session';
import { closeSocket } from '../lib/socket';
import { resetUpdateState } from '../lib/sw-bridge';
import { clearToasts } from '../lib/toast';

export function resetClientState(): void {
  resetApiClientState();
  clearRequestCache();
  resetTransfers();
  resetSessionMemory();
  resetReconnectionState();
  resetClockSkew();
  resetEnvelope();
  clearToasts();
  resetCatalogueEffects();
  closeSocket();
  resetConnectivity();
  resetAccountLanguage();
  resetUpdateState();
  resetInstallState();
}
