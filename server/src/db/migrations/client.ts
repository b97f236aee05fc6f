/**
 * Migrations of each client database: its districts, the rights of each account per
 * district, the district modules, the sites with their 3D and 360 stages and images, and
 * notifications, and (version 2) the emergency shares with their idempotency keys and mail
 * outbox, and (version 3) the attachments of every module's records, (version 5) the mail outbox's end of validity and subject. Nothing here refers to another client. Append new versions only.
 */
import type { Migration } from '../migrate.js';

export const clientMigrations: Migration[] = [
  {
    version: 1,
    name: 'districts, memberships, modules, sites, stages, notifications',
    sql: `
      create table districts (
        id uuid primary key,
        name text not null,
        created_at timestamptz not null default now()
      );
      create unique index districts_name_key on districts (lower(name));
      create table district_modules (
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        position int not null default 0,
        primary key (district_id, name)
      );
      -- The rights of an account (from the control database) in one district.
      create table memberships (
        account_id uuid not null,
        district_id uuid not null references districts (id) on delete cascade,
        rights text[] not null default '{}',
        default_page text,
        primary key (account_id, district_id)
      );
      create table sites (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        description text not null default '',
        full_address text not null default '',
        gps_lat double precision,
        gps_lng double precision,
        owner_name text not null default '',
        created_at timestamptz not null default now()
      );
      create index sites_district_idx on sites (district_id);
      create table site_stages (
        id uuid primary key,
        site_id uuid not null references sites (id) on delete cascade,
        kind text not null check (kind in ('threeD', 'threeSixty')),
        name text not null,
        position int not null default 0,
        image bytea,
        image_type text,
        unique (site_id, kind, name)
      );
      create table notifications (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        account_id uuid not null,
        kind text not null default 'general' check (kind in ('general', 'workflow')),
        name text not null,
        translate boolean not null default true,
        actions jsonb not null default '[]',
        created_at timestamptz not null default now(),
        read_at timestamptz
      );
      create index notifications_inbox_idx on notifications (account_id, district_id, read_at);
    `,
  },
  {
    version: 2,
    name: 'emergency shares, idempotency keys, mail outbox',
    sql: `
      -- One row per site shared by an emergency send: a frozen copy of what was shared (the
      -- site may change or disappear later; the recipients keep seeing what was sent) behind
      -- an unguessable public token, readable without a session until expires_at.
      -- No foreign keys to districts or sites: a share outlives its site, and the demo seed
      -- truncates those tables (a reference would make that truncate fail).
      create table emergency_shares (
        id uuid primary key,
        token text not null unique,
        district_id uuid not null,
        site_id uuid not null,
        created_by uuid not null,
        idempotency_key uuid not null,
        site jsonb not null,
        recipients text[] not null,
        delay jsonb not null,
        emergency boolean not null default false,
        description text not null default '',
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create index emergency_shares_district_idx on emergency_shares (district_id, created_at);
      create index emergency_shares_key_idx on emergency_shares (idempotency_key);
      -- The 360 images of a share, as sent (or filled from site_stages when the app had none),
      -- kept apart from the snapshot so listing shares never reads megabytes of jsonb.
      create table emergency_share_images (
        share_id uuid not null references emergency_shares (id) on delete cascade,
        name text not null,
        image bytea not null,
        image_type text not null,
        primary key (share_id, name)
      );
      -- Idempotency-Key of POST /api/emergency/sendInformations, unique in this client
      -- database. request_hash covers the account, the district and the payload, so the key
      -- of another account or district is a mismatch, never a replay of someone else's answer.
      create table idempotency_keys (
        key uuid primary key,
        account_id uuid not null,
        request_hash text not null,
        status text not null check (status in ('in_flight', 'done')),
        response jsonb,
        status_code int,
        created_at timestamptz not null default now()
      );
      -- One e-mail per recipient of a share, delivered by the mail worker (server/src/mail).
      -- A worker claims a row by setting state 'sending' and a lease (claimed_by,
      -- claimed_until); a row whose lease ran out belongs to a dead worker and is claimable.
      create table mail_outbox (
        id uuid primary key,
        share_id uuid not null references emergency_shares (id) on delete cascade,
        recipient text not null,
        subject text not null,
        body_text text not null,
        body_html text not null,
        state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed')),
        attempts int not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text,
        sent_at timestamptz,
        message_id text,
        claimed_by text,
        claimed_until timestamptz,
        created_at timestamptz not null default now()
      );
      create unique index mail_outbox_share_recipient_key on mail_outbox (share_id, lower(recipient));
      create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where state in ('queued', 'sending');
    `,
  },
  {
    version: 3,
    name: 'attachments',
    sql: `
      -- One file attached to a record of a module (photo, document, stage image): created by
      -- the tus endpoint when its upload starts (state 'uploading'), complete when its last byte
      -- is stored. The id is the client's (an attachment taken offline has its identity at
      -- once, and a re-upload of the same id is the same attachment). storage_key names the
      -- bytes in the storage (server/src/attachments/storage.ts), thumbnail_key its thumbnail
      -- once made. record_id is not a foreign key: any module's record, possibly created after
      -- its photos when the app sends them first.
      create table attachments (
        id uuid primary key,
        district_id uuid not null,
        module text not null,
        record_id uuid not null,
        name text not null,
        type text not null,
        size bigint not null check (size >= 0),
        width int,
        height int,
        taken_at timestamptz,
        gps_lat double precision check (gps_lat between -90 and 90),
        gps_lng double precision check (gps_lng between -180 and 180),
        storage_key text not null,
        thumbnail_key text,
        sha256 text,
        state text not null default 'uploading' check (state in ('uploading', 'complete')),
        created_at timestamptz not null default now(),
        created_by uuid not null,
        -- Who uploaded it, as the sheet shows it (the accounts live in the control database).
        created_by_name text not null default '',
        completed_at timestamptz,
        deleted_at timestamptz,
        deleted_by uuid
      );
      create index attachments_record_idx on attachments (district_id, module, record_id, created_at) where deleted_at is null;
    `,
  },
  {
    version: 4,
    name: 'emergency share images by attachment',
    sql: `
      -- A stage panorama uploaded through the Sites module is an attachment: a share names it
      -- instead of copying its megabytes (attachments never change and are only soft-deleted,
      -- so the share keeps showing what was sent until it expires).
      alter table emergency_share_images
        add column attachment_id uuid,
        alter column image drop not null,
        alter column image_type drop not null,
        add constraint emergency_share_images_source check ((image is not null and image_type is not null) or attachment_id is not null);
    `,
  },
  {
    version: 5,
    name: 'mail outbox: an end of validity and what an e-mail is about',
    sql: `
      -- An e-mail whose content stops being true (a link that expires) is not delivered after
      -- valid_until; regarding names what it is about, so its module may withdraw it while it is
      -- still queued (a link revoked). Both null for the e-mails that stay true (notices).
      alter table mail_outbox add column valid_until timestamptz, add column regarding text;
      create index mail_outbox_regarding_idx on mail_outbox (regarding) where regarding is not null and state in ('queued', 'sending');
    `,
  },
];
