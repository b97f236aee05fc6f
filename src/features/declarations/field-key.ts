/**
 * A new field's key from its label: lower case, accents and punctuation folded to `_`, a
 * letter first, at most 40 characters (the contract's key pattern), unique among `used`.
 */
export function foldKey(label: string, used: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, 36) || 'champ';
  let key = base;
  for (let n = 2; used.has(key); n += 1) key = `${base}_${n}`;
  return key;
}
