/**
 * The sites' export and import (_platform/transfer.ts; the import/export module runs them):
 * the list's records with its filters (search, type, with GPS) as rows, and sites created or
 * updated from a file's rows through the record core (each site's history written), the type
 * given by its name among the district's live types.
 */
import { SITE_ADDRESS_MAX, SITE_DESCRIPTION_MAX, SITE_NAME_MAX, SITE_OWNER_MAX, type SiteFields } from '../../../../common/modules/sites/schemas.js';
import { containsPattern } from '../_platform/list.js';
import type { RecordScope } from '../_platform/records.js';
import type { ImportValues, ImportWriter, ModuleExport, ModuleImport } from '../_platform/transfer.js';
import { SITES_MODULE, SitesRepository } from './repository.js';
import { isUuid } from '../../../../common/uuid.js';


export const SITES_EXPORT: ModuleExport = {
  name: 'sites',
  feature: 'sites',
  label: { fr: 'Sites', en: 'Sites' },
  lists: ['/site/view/infoV2'],
  columns: [
    { key: 'name', label: { fr: 'Nom', en: 'Name' } },
    { key: 'address', label: { fr: 'Adresse', en: 'Address' } },
    { key: 'description', label: { fr: 'Description', en: 'Description' } },
    { key: 'ownerName', label: { fr: 'Propriétaire', en: 'Owner' } },
    { key: 'siteType', label: { fr: 'Type de site', en: 'Site type' } },
    { key: 'lat', label: { fr: 'Latitude', en: 'Latitude' } },
    { key: 'lng', label: { fr: 'Longitude', en: 'Longitude' } },
    { key: 'updatedAt', label: { fr: 'Modifié le', en: 'Updated' } },
  ],
  filters: ['search', 'siteType', 'hasGps'],
  rows: async (db, districtId, filters, limit) => {
    const params: unknown[] = [districtId];
    const where = ['s.district_id = $1', 's.deleted_at is null'];
    if (filters.siteType && isUuid(filters.siteType)) {
      params.push(filters.siteType);
      where.push(`s.site_type_id = $${params.length}`);
    }
    if (filters.hasGps === 'true' || filters.hasGps === 'false') where.push(filters.hasGps === 'true' ? 's.gps_lat is not null' : 's.gps_lat is null');
    if (filters.search?.trim()) {
      params.push(containsPattern(filters.search.trim()));
      where.push(`s.search_text like vigie_fold($${params.length})`);
    }
    params.push(limit);
    const { rows } = await db.query<{ name: string; full_address: string; description: string; owner_name: string; type: string | null; gps_lat: number | null; gps_lng: number | null; updated_at: Date }>(
      `select s.name, s.full_address, s.description, s.owner_name, t.name as type, s.gps_lat, s.gps_lng, s.updated_at
         from sites s left join site_types t on t.id = s.site_type_id where ${where.join(' and ')} order by s.name_key, s.id limit $${params.length}`,
      params,
    );
    return rows.map((r) => [r.name, r.full_address, r.description, r.owner_name, r.type, r.gps_lat, r.gps_lng, new Date(r.updated_at).toISOString()]);
  },
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);

function sitesWriter(scope: RecordScope): ImportWriter {
  const repo = new SitesRepository({ ...scope, dbName: '' });
  let types: Map<string, string> | null = null;
  const typeIds = async () => {
    if (!types) {
      const { rows } = await scope.db.query<{ id: string; name: string }>('select id, vigie_fold(name) as name from site_types where district_id = $1 and deleted_at is null', [scope.districtId]);
      types = new Map(rows.map((r) => [r.name, r.id]));
    }
    return types;
  };
  const fold = (name: string) => name.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const fieldsOf = async (v: ImportValues): Promise<SiteFields> => {
    const lat = num(v.lat);
    const lng = num(v.lng);
    const type = text(v.siteType);
    return {
      name: text(v.name).trim(),
      address: text(v.address),
      description: text(v.description),
      ownerName: text(v.ownerName),
      gps: lat !== null && lng !== null ? { lat, lng } : null,
      siteTypeId: type ? ((await typeIds()).get(fold(type)) ?? null) : null,
    };
  };
  return {
    current: async (ids) => {
      const { rows } = await scope.db.query<{ id: string; version: number; name: string; full_address: string; description: string; owner_name: string; type: string | null; gps_lat: number | null; gps_lng: number | null }>(
        `select s.id, s.version, s.name, s.full_address, s.description, s.owner_name, t.name as type, s.gps_lat, s.gps_lng
           from sites s left join site_types t on t.id = s.site_type_id where s.district_id = $1 and s.deleted_at is null and s.id = any($2::uuid[])`,
        [scope.districtId, ids],
      );
      return new Map(
        rows.map((r) => [
          r.id,
          { version: r.version, values: { name: r.name, address: r.full_address, description: r.description, ownerName: r.owner_name, siteType: r.type, lat: r.gps_lat, lng: r.gps_lng } },
        ]),
      );
    },
    check: async (v) => {
      if ((v.lat === null) !== (v.lng === null)) return { reason: 'importExport.reasons.gps_pair', field: v.lat === null ? 'lat' : 'lng' };
      const type = text(v.siteType);
      if (type && !(await typeIds()).has(fold(type))) return { reason: 'importExport.reasons.unknown_type', field: 'siteType' };
      return null;
    },
    create: async (rows) => {
      const records: (SiteFields & { id: string })[] = [];
      for (const row of rows) records.push({ id: row.id, ...(await fieldsOf(row.values)) });
      for (let at = 0; at < records.length; at += 1000) {
        const chunk = records.slice(at, at + 1000);
        await scope.db.query(
          `insert into sites (id, district_id, name, description, full_address, gps_lat, gps_lng, owner_name, site_type_id, created_by, updated_by)
           select id, $1, name, description, address, lat, lng, owner, type, $2, $2
             from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::text[], $10::uuid[]) as t(id, name, description, address, lat, lng, owner, type)`,
          [
            scope.districtId,
            scope.actor.id,
            chunk.map((r) => r.id),
            chunk.map((r) => r.name),
            chunk.map((r) => r.description),
            chunk.map((r) => r.address),
            chunk.map((r) => r.gps?.lat ?? null),
            chunk.map((r) => r.gps?.lng ?? null),
            chunk.map((r) => r.ownerName),
            chunk.map((r) => r.siteTypeId),
          ],
        );
        await repo.store.creationHistories(repo.sites, chunk);
      }
    },
    update: async (id, version, changes) => {
      const all = await fieldsOf({ name: '', ...changes });
      const keep: Partial<SiteFields> = {};
      if ('name' in changes) keep.name = all.name;
      if ('address' in changes) keep.address = all.address;
      if ('description' in changes) keep.description = all.description;
      if ('ownerName' in changes) keep.ownerName = all.ownerName;
      if ('siteType' in changes) keep.siteTypeId = all.siteTypeId;
      if ('lat' in changes || 'lng' in changes) keep.gps = all.gps;
      await repo.update(id, { baseVersion: version, changes: keep });
    },
  };
}

export const SITES_IMPORT: ModuleImport = {
  name: 'sites',
  feature: 'sites',
  label: { fr: 'Sites', en: 'Sites' },
  module: SITES_MODULE,
  fields: [
    { key: 'name', label: { fr: 'Nom', en: 'Name' }, required: true, type: 'text', max: SITE_NAME_MAX, aliases: ['site', 'nom du site', 'site name', 'libelle'] },
    { key: 'address', label: { fr: 'Adresse', en: 'Address' }, type: 'text', max: SITE_ADDRESS_MAX, aliases: ['adresse complete', 'full address'] },
    { key: 'description', label: { fr: 'Description', en: 'Description' }, type: 'text', max: SITE_DESCRIPTION_MAX },
    { key: 'ownerName', label: { fr: 'Propriétaire', en: 'Owner' }, type: 'text', max: SITE_OWNER_MAX, aliases: ['proprietaire', 'owner name'] },
    { key: 'siteType', label: { fr: 'Type de site', en: 'Site type' }, type: 'text', max: 100, aliases: ['type'] },
    { key: 'lat', label: { fr: 'Latitude', en: 'Latitude' }, type: 'number', min: -90, maxValue: 90, aliases: ['lat'] },
    { key: 'lng', label: { fr: 'Longitude', en: 'Longitude' }, type: 'number', min: -180, maxValue: 180, aliases: ['lng', 'lon', 'long'] },
  ],
  writer: sitesWriter,
};
