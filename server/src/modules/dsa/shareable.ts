/**
 * What a third-party share link may share of the data-sharing area (_platform/shareables.ts):
 * `dsaArea`, the district's documents of an area (never the deposits), read now: only the
 * district's live area and complete, live files; anything else is null.
 */
import { DSA_DOCUMENTS } from '../../../../common/modules/dsa/schemas.js';
import type { Queryable } from '../../db/types.js';
import { registerShareable, type SharedContent } from '../_platform/shareables.js';

const WORDS = {
  site: { fr: 'Site', en: 'Site' },
  counterpart: { fr: 'Interlocuteur', en: 'Counterpart' },
} as const;

export async function readSharedArea(db: Queryable, districtId: string, id: string, language: 'fr' | 'en'): Promise<SharedContent | null> {
  const { rows } = await db.query<{ name: string; site_id: string | null; site_name: string | null; counterpart_name: string }>(
    `select t.name, t.site_id, s.name as site_name, t.counterpart_name from dsa_areas t left join sites s on s.id = t.site_id
      where t.id = $1 and t.district_id = $2 and t.deleted_at is null`,
    [id, districtId],
  );
  const area = rows[0];
  if (!area) return null;
  const { rows: files } = await db.query<{ id: string; name: string; type: string; size: string; completed_at: Date }>(
    `select id, name, type, size, completed_at from attachments
      where district_id = $1 and module = $2 and record_id = $3 and state = 'complete' and deleted_at is null order by created_at, id`,
    [districtId, DSA_DOCUMENTS, id],
  );
  return {
    title: area.name,
    siteId: area.site_id,
    fields: [
      ...(area.site_name ? [{ label: WORDS.site[language], value: area.site_name }] : []),
      ...(area.counterpart_name ? [{ label: WORDS.counterpart[language], value: area.counterpart_name }] : []),
    ],
    files: files.map((f) => ({ attachmentId: f.id, name: f.name, type: f.type, size: Number(f.size), path: '', updatedAt: new Date(f.completed_at).toISOString() })),
  };
}

/** Registered once, when the module is loaded. */
export function registerDsaShareable(): void {
  registerShareable({ kind: 'dsaArea', read: readSharedArea });
}
