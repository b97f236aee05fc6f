/** A map record's description (areas, groups): a growing text area within the contract's DESCRIPTION_MAX. */
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../../../components/module/validation';
import { TextField } from '../../../../components/module/RecordForm';

/** common/modules/cartography/schemas.ts's DESCRIPTION_MAX. */
const DESCRIPTION_MAX = 2_000;

export function DescriptionField({ value, onChange, problem }: { value: string; onChange: (value: string) => void; problem: FieldProblem | undefined }) {
  const { t } = useTranslation('cartography');
  return <TextField label={t('management.common.description')} value={value} onChange={onChange} problem={problem} multiline maxlength={DESCRIPTION_MAX} />;
}
