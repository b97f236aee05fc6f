/**
 * What the article's and the item's sheets share: a queued write with its toast (saved, or the
 * error said), and the in-place delete confirmation.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmBar } from '../../../../components/module/ConfirmBar';
import { describeApiError } from '../../../../lib/error-messages';
import { showSavedToast } from '../../../../lib/saved-toast';
import { showToast } from '../../../../lib/toast';

/** Runs a write (queued in the outbox) and says it: the `done` key's toast, or the error. */
export function useQueuedAct(): (action: () => Promise<unknown>, done: string) => Promise<void> {
  const { t } = useTranslation('inventoryV2');
  return async (action, done) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
}

/** "Delete <name>?" in place, deleting through the outbox on Yes. */
export function DeleteBar({ name, onConfirm, onCancel }: { name: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('inventoryV2');
  return (
    <ConfirmBar
      className="inventory-catalog-box"
      question={t('catalog.sheet.delete_confirm', { name })}
      confirmLabel={t('catalog.sheet.delete_yes')}
      cancelLabel={t('catalog.sheet.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
