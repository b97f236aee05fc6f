/**
 * A colour for a map record (a layer, a category, an area, a group): a few presets drawn as
 * swatches (radio buttons, each named), and a custom value (the browser's colour input, plus
 * the hex text for a keyboard or a pasted value). The value is the contract's `#rrggbb`; a
 * typed value that is not one is reported by the form's schema check. With `inheritLabel`, a
 * switch to have no colour of its own (null: an area then takes its group's or its layer's,
 * `fallback`, shown meanwhile).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../../components/module/RecordForm';
import type { FieldProblem } from '../../../../components/module/validation';
import './editors.css';

/** Contrasted on the basemap's light land and under a white glyph (≥ 3:1). */
export const COLOUR_PRESETS = ['#c62828', '#ad1457', '#6a1b9a', '#283593', '#0d4f73', '#00695c', '#2e7d32', '#8d6e00', '#d84315', '#4e342e', '#37474f'] as const;

interface CommonProps {
  label: string;
  problem?: FieldProblem | undefined;
}
/** A colour of its own, always. */
interface OwnColourProps extends CommonProps {
  value: string;
  onChange: (value: string) => void;
  inheritLabel?: undefined;
}
/** A colour of its own, or none (null) under `inheritLabel`. */
interface InheritingColourProps extends CommonProps {
  value: string | null;
  onChange: (value: string | null) => void;
  inheritLabel: string;
  /** The colour drawn while inheriting. */
  fallback?: string | undefined;
}

export function ColourField(props: OwnColourProps | InheritingColourProps) {
  const { label, value, problem } = props;
  const onChange = props.onChange as (value: string | null) => void;
  const fallback = (props.inheritLabel !== undefined ? props.fallback : undefined) ?? COLOUR_PRESETS[4];
  const { t } = useTranslation('cartography');
  const ids = { error: useId(), custom: useId(), text: useId(), group: useId() };
  const inherits = value === null;
  const lower = (value ?? fallback).toLowerCase();
  const valid = /^#[0-9a-f]{6}$/.test(lower);
  return (
    <fieldset className="record-fieldset cm-colour" aria-describedby={problem === undefined ? undefined : ids.error}>
      <legend>{label}</legend>
      {props.inheritLabel !== undefined && (
        <label className="cm-colour-inherit">
          <input type="checkbox" checked={inherits} onChange={(event) => onChange(event.target.checked ? null : fallback)} />
          {props.inheritLabel}
        </label>
      )}
      <div className="cm-colour-presets" role="radiogroup" aria-label={t('management.common.colour_presets')}>
        {COLOUR_PRESETS.map((preset) => (
          <label key={preset} className="cm-colour-swatch" style={{ background: preset }} title={preset}>
            <input type="radio" name={ids.group} value={preset} checked={!inherits && lower === preset} disabled={inherits} onChange={() => onChange(preset)} aria-label={t('management.common.colour_named', { colour: preset })} />
          </label>
        ))}
      </div>
      <div className="cm-colour-custom">
        <label htmlFor={ids.custom}>
          {t('management.common.colour_custom')}
          <input id={ids.custom} type="color" value={valid ? lower : '#000000'} disabled={inherits} onChange={(event) => onChange(event.target.value)} />
        </label>
        <label htmlFor={ids.text}>
          {t('management.common.colour_hex')}
          <input
            id={ids.text}
            type="text"
            inputMode="text"
            maxLength={7}
            value={value ?? ''}
            disabled={inherits}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value.trim())}
            aria-invalid={problem !== undefined}
          />
        </label>
      </div>
      <FieldError id={ids.error} problem={problem} />
    </fieldset>
  );
}
