/**
 * A select of a site's live folders, each labelled with its path from the site's top
 * (`Plans d'évacuation / Étage 1`): lent to other modules as the part `SiteFolderPicker`
 * (lib/module-parts.ts), where the data-sharing area moves a deposit.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Folder } from '../../../common/modules/files/schemas';
import type { SiteFolderPickerProps } from '../../lib/module-parts';
import { treeQuery } from './api';

function paths(folders: readonly Folder[]): { id: string; path: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (f: Folder): string => {
    const parent = f.parentId === null ? undefined : byId.get(f.parentId);
    return parent ? `${pathOf(parent)} / ${f.name}` : f.name;
  };
  return folders.map((f) => ({ id: f.id, path: pathOf(f) })).sort((a, b) => a.path.localeCompare(b.path));
}

export function SiteFolderPicker({ siteId, label, value, onChange }: SiteFolderPickerProps) {
  const id = useId();
  const tree = useQuery({ ...treeQuery('site', siteId), enabled: siteId !== '' });
  const options = paths(tree.data ?? []);
  return (
    <label className="record-form-select" htmlFor={id}>
      {label}
      <select id={id} value={value} onChange={(event) => onChange(options.find((o) => o.id === event.target.value) ?? null)} disabled={siteId === '' || tree.data === undefined}>
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.path}
          </option>
        ))}
      </select>
    </label>
  );
}
