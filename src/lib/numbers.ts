/**
 * Numbers as the language writes them: a decimal comma in French (45,75), a dot otherwise
 * (45.75). Pure (Intl); the language is passed in, usually i18n.language.
 */
import { localeFor } from './dates';

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale} ${maximumFractionDigits}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.NumberFormat(locale, { maximumFractionDigits, useGrouping: false });
    formatters.set(key, found);
  }
  return found;
}

/** 12,5 (fr), 12.5 (en); at most `maximumFractionDigits` decimals (3 by default). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 3): string {
  return formatter(localeFor(language), maximumFractionDigits).format(value);
}

/** Decimals of a coordinate: 6 is about 10 cm, finer than any phone's position. */
export const COORDINATE_DECIMALS = 6;

/** One coordinate (a latitude or a longitude): 45,764043 (fr), 45.764043 (en). */
export function formatCoordinate(value: number, language: string): string {
  return formatNumber(value, language, COORDINATE_DECIMALS);
}

/**
 * A position as latitude then longitude: "45,764043 ; 4,835659" in French (the comma is the
 * decimal mark there, so a semicolon separates them), "45.764043, 4.835659" otherwise.
 */
export function formatPosition(position: { lat: number; lng: number }, language: string): string {
  const separator = localeFor(language) === 'fr-FR' ? '\u202f; ' : ', ';
  return `${formatCoordinate(position.lat, language)}${separator}${formatCoordinate(position.lng, language)}`;
}
