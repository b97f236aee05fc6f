/**
 * The action sheet of a list's "Export" (ListExport): its own chunk, with Ionic's action sheet,
 * loaded when the button is pressed; every list's first screen shows the button, few open it.
 */
import { IonActionSheet } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../../common/modules/importExport/schemas';

export interface ExportSheetProps {
  /** The export's name in the reader's language. */
  name: string;
  onChoose: (format: ExportFormat) => void;
  onClose: () => void;
}

export default function ExportSheet({ name, onChoose, onClose }: ExportSheetProps) {
  const { t } = useTranslation('importExport');
  return (
    <IonActionSheet
      isOpen
      header={t('list_export.header', { name })}
      onDidDismiss={onClose}
      buttons={[
        { text: t('list_export.csv'), handler: () => onChoose('csv') },
        { text: t('list_export.xlsx'), handler: () => onChoose('xlsx') },
        { text: t('list_export.cancel'), role: 'cancel' },
      ]}
    />
  );
}
