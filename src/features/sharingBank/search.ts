/** The library's choices as the address holds them: search text, kind, tag, "to acknowledge", deleted (managers). */
import { RESOURCE_KINDS } from '../../../common/modules/sharingBank/kinds';
import type { ResourceKind } from '../../../common/modules/sharingBank/schemas';


export interface LibrarySearch {
  search?: string;
  kind?: ResourceKind;
  tag?: string;
  todo?: 'true';
  deleted?: 'true';
}

export function validateLibrarySearch(raw: Record<string, unknown>): LibrarySearch {
  const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : undefined);
  const search = text(raw.search, 200);
  const kind = typeof raw.kind === 'string' && (RESOURCE_KINDS as readonly string[]).includes(raw.kind) ? (raw.kind as ResourceKind) : undefined;
  const tag = text(raw.tag, 40);
  return {
    ...(search === undefined ? {} : { search }),
    ...(kind === undefined ? {} : { kind }),
    ...(tag === undefined ? {} : { tag }),
    ...(raw.todo === 'true' || raw.todo === true ? { todo: 'true' as const } : {}),
    ...(raw.deleted === 'true' || raw.deleted === true ? { deleted: 'true' as const } : {}),
  };
}
