/**
 * A colour of a map record (#rrggbb): the browser's colour picker with its label and the value
 * in words beside it; with `inheritLabel`, a switch to have no colour of its own (an area then
 * takes its group's or its layer's). Shared by the management forms (areas, groups, and the
 * points' layers and categories).
 */
import { useId } from 'react';

export interface ColourFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Offers "no colour of its own" (null) under this label. */
  inheritLabel?: string;
  /** Shown while inheriting. */
  fallback?: string;
}

export function ColourField({ label, value, onChange, inheritLabel, fallback = '#1d6fd6' }: ColourFieldProps) {
  const id = useId();
  const inherits = value === null;
  return (
    <div className="mgmt-colour-field">
      <label htmlFor={id}>{label}</label>
      <span className="mgmt-colour-row">
        <input id={id} type="color" value={value ?? fallback} disabled={inherits} onChange={(event) => onChange(event.target.value)} />
        <span aria-hidden="true">{value ?? ''}</span>
        {inheritLabel !== undefined && (
          <label className="mgmt-colour-inherit">
            <input type="checkbox" checked={inherits} onChange={(event) => onChange(event.target.checked ? null : fallback)} />
            {inheritLabel}
          </label>
        )}
      </span>
    </div>
  );
}
