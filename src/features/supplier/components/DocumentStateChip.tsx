/** A document's state as a chip: expiring in orange, expired in red, valid in green (supplier.css). */
import { useTranslation } from 'react-i18next';
import type { DocumentState } from '../../../../common/modules/supplier/schemas';
import { StatusChip } from '../../../components/module/StatusChip';

const TONE = { valid: 'success', expiring: 'warning', expired: 'danger' } as const;

export function DocumentStateChip({ state }: { state: DocumentState }) {
  const { t } = useTranslation('supplier');
  return <StatusChip label={t(`document.state.${state}`)} tone={TONE[state]} />;
}
