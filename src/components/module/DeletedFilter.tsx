/**
 * A manager's choice between a list's records in use and its deleted ones (each restorable
 * from its sheet), kept in the address (`deleted=true`) like the other filters. The module
 * names both views.
 */
import { FilterSelect } from './FilterSelect';

export interface DeletedFilterProps {
  label: string;
  liveLabel: string;
  deletedLabel: string;
  deleted: boolean;
  onChange: (deleted: boolean) => void;
}

export function DeletedFilter({ label, liveLabel, deletedLabel, deleted, onChange }: DeletedFilterProps) {
  return (
    <FilterSelect label={label} anyLabel={liveLabel} value={deleted ? 'true' : undefined} options={[{ value: 'true', label: deletedLabel }]} onChange={(value) => onChange(value === 'true')} />
  );
}
