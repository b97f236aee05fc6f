/**
 * The links part's migrations: numbers 1–19 of the third-party family (../migrations.ts).
 *
 * third_party_links: one link per recipient, made from a site; its items (kind + id, read
 * through the shareables registry when the link is opened); only the SHA-256 of its token
 * (_platform/tokens.ts); its one-time code's hash, expiry, wrong tries and lock.
 * third_party_link_access: the access log the sharer reads (openings, downloads, codes).
 * third_party_link_passes: the short-lived passes a right code gives (the viewer's cookie), by hash.
 */
import type { Migration } from '../../../db/migrate.js';

export const linksMigrations: Migration[] = [
  {
    version: 1,
    name: 'third-party links: links, access log, code passes',
    sql: `
      create table third_party_links (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null references sites (id) on delete cascade,
        token_hash text not null,
        recipient_name text not null,
        recipient_email text not null,
        message text not null default '',
        items jsonb not null,
        language text not null default 'fr' check (language in ('fr', 'en')),
        otp boolean not null default false,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        revoked_at timestamptz,
        revoked_by uuid,
        code_hash text,
        code_expires_at timestamptz,
        code_attempts int not null default 0,
        code_locked_until timestamptz
      );
      create unique index third_party_links_token_key on third_party_links (token_hash);
      create index third_party_links_district_idx on third_party_links (district_id, created_at desc);

      create table third_party_link_access (
        id uuid primary key,
        link_id uuid not null references third_party_links (id) on delete cascade,
        at timestamptz not null default now(),
        action text not null check (action in ('open', 'download', 'codeSent', 'codeWrong', 'codeRight', 'codeLocked')),
        item_kind text,
        item_id uuid,
        file_name text,
        address text not null default '',
        user_agent text not null default ''
      );
      create index third_party_link_access_link_idx on third_party_link_access (link_id, at desc);

      create table third_party_link_passes (
        pass_hash text primary key,
        link_id uuid not null references third_party_links (id) on delete cascade,
        expires_at timestamptz not null
      );
    `,
  },
];
