/** A list filter as a select: "any" (no filter) first, then the choices; the empty choice clears the filter. */
export interface FilterSelectProps {
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}

export function FilterSelect({ label, anyLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <label className="record-list-select">
      {label}
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
