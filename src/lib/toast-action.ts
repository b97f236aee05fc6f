/**
 * A manager's action on a screen (queue a write, mostly): its success said in a toast, its
 * failure too (the API error as the error catalogue words it). Answers whether it worked, so a
 * screen closes an editor only then.
 */
import { describeApiError } from './error-messages';
import { showToast } from './toast';
import { showSavedToast } from './saved-toast';

export async function withToast(action: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await action();
    showSavedToast(done);
    return true;
  } catch (error) {
    showToast({ message: describeApiError(error), kind: 'danger' });
    return false;
  }
}
