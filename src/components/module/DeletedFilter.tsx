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

/** The records a list shows beside the live ones: archived (a kind that archives) or deleted (managers). */
export type RecordState = 'archived' | 'deleted';

/** The state the address holds (`archived=true`, `deleted=true`), and back. */
export const stateOf = (search: { archived?: string; deleted?: string }): RecordState | undefined =>
  search.deleted === 'true' ? 'deleted' : search.archived === 'true' ? 'archived' : undefined;
export const stateSearch = (state: RecordState | undefined): { archived: 'true' | undefined; deleted: 'true' | undefined } => ({
  archived: state === 'archived' ? 'true' : undefined,
  deleted: state === 'deleted' ? 'true' : undefined,
});

/** A list's choice between its live records, its archived ones and (given `deletedLabel`: managers) its deleted ones. */
export function StateFilter({
  label,
  liveLabel,
  archivedLabel,
  deletedLabel,
  state,
  onChange,
}: {
  label: string;
  liveLabel: string;
  archivedLabel: string;
  deletedLabel?: string;
  state: RecordState | undefined;
  onChange: (state: RecordState | undefined) => void;
}) {
  const options = [{ value: 'archived', label: archivedLabel }, ...(deletedLabel === undefined ? [] : [{ value: 'deleted', label: deletedLabel }])];
  return <FilterSelect label={label} anyLabel={liveLabel} value={state} options={options} onChange={(value) => onChange(value as RecordState | undefined)} />;
}
