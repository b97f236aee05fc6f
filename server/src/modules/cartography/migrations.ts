/**
 * The cartography migrations (numbered from 1 for this module alone: db/migrate.ts): layers,
 * point categories, points of interest, map area groups and map areas, each a record (MODULES.md,
 * "Records"). The contract is common/modules/cartography/schemas.ts, the choices
 * docs/cartography.md. The map's bounding-box reads (GET /features) are served by an index per
 * kind that starts with the district and the longitude: points and sites by their position, areas
 * by their stored bounds, declarations by their position's longitude (an expression index on
 * their jsonb position), so a view of a city scans that city's rows only.
 */
import type { Migration } from '../../db/migrate.js';
import { RECORD_COLUMNS } from '../_platform/migrations.js';

export const cartographyMigrations: Migration[] = [
  {
    version: 1,
    name: 'cartography: layers, point categories, points of interest, area groups, map areas',
    sql: `
      create table map_layers (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        kind text not null check (kind in ('points', 'areas')),
        colour text not null,
        position int not null default 0,
        visible_by_default boolean not null default true,${RECORD_COLUMNS}
      );
      create index map_layers_position_idx on map_layers (district_id, position, id);

      create table poi_categories (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        icon text not null,
        colour text not null,${RECORD_COLUMNS}
      );
      create index poi_categories_name_idx on poi_categories (district_id, vigie_fold(name), id);

      create table points_of_interest (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        description text not null default '',
        category_id uuid not null references poi_categories (id),
        layer_id uuid not null references map_layers (id),
        lat double precision not null,
        lng double precision not null,
        site_id uuid references sites (id),${RECORD_COLUMNS}
      );
      create index points_of_interest_name_idx on points_of_interest (district_id, vigie_fold(name), id);
      create index points_of_interest_position_idx on points_of_interest (district_id, lng, lat) where deleted_at is null;
      create index points_of_interest_layer_idx on points_of_interest (layer_id) where deleted_at is null;
      create index points_of_interest_category_idx on points_of_interest (category_id) where deleted_at is null;

      create table map_area_groups (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        description text not null default '',
        colour text not null,${RECORD_COLUMNS}
      );
      create index map_area_groups_name_idx on map_area_groups (district_id, vigie_fold(name), id);

      create table map_areas (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        description text not null default '',
        layer_id uuid not null references map_layers (id),
        group_id uuid references map_area_groups (id),
        colour text,
        -- GeoJSON Polygon or MultiPolygon ([lng, lat] positions), as written.
        geometry jsonb not null,
        -- Its bounds (for the bounding-box reads) and its area on the sphere, kept with each write.
        min_lng double precision not null,
        min_lat double precision not null,
        max_lng double precision not null,
        max_lat double precision not null,
        area_m2 double precision not null,${RECORD_COLUMNS}
      );
      create index map_areas_name_idx on map_areas (district_id, vigie_fold(name), id);
      create index map_areas_bounds_idx on map_areas (district_id, min_lng, max_lng) where deleted_at is null;
      create index map_areas_layer_idx on map_areas (layer_id) where deleted_at is null;
      create index map_areas_group_idx on map_areas (group_id) where deleted_at is null;

      -- The other modules' records the map shows.
      create index sites_position_idx on sites (district_id, gps_lng, gps_lat) where deleted_at is null and gps_lat is not null;
      create index declarations_position_idx on declarations (district_id, ((position ->> 'lng')::double precision), ((position ->> 'lat')::double precision))
        where deleted_at is null and position is not null;
    `,
  },
];
