/**
 * Migrations of the control (operator) database: the client registry, the accounts and
 * their sessions. Append new versions; never edit an applied one.
 */
import type { Migration } from '../migrate.js';

export const controlMigrations: Migration[] = [
  {
    version: 1,
    name: 'clients, accounts, sessions, settings',
    sql: `
      create table clients (
        id uuid primary key,
        name text not null,
        database text not null unique,
        -- Optional: a client database on another PostgreSQL server than the control one.
        connection_url text,
        created_at timestamptz not null default now()
      );
      create table accounts (
        id uuid primary key,
        email text not null,
        password_hash text,
        sso boolean not null default false,
        admin boolean not null default false,
        home_client text not null references clients (database),
        home_district uuid not null,
        current_client text references clients (database),
        current_district uuid,
        disabled boolean not null default false,
        created_at timestamptz not null default now()
      );
      create unique index accounts_email_key on accounts (lower(email));
      -- One row per login. The refresh token rotates inside the row: refresh_hash is the
      -- current one, previous_hash the one it replaced (accepted for a short grace period so
      -- two tabs refreshing together do not log each other out); any older one is reuse.
      create table sessions (
        id uuid primary key,
        account_id uuid not null references accounts (id) on delete cascade,
        client_db text not null,
        district_id uuid not null,
        refresh_hash text not null,
        previous_hash text,
        rotated_at timestamptz,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        revoked_reason text,
        created_ip text,
        client_ip text,
        reconnect boolean not null default false,
        created_at timestamptz not null default now(),
        last_used_at timestamptz not null default now()
      );
      create index sessions_account_idx on sessions (account_id);
      create table settings (
        key text primary key,
        value text not null
      );
    `,
  },
  {
    version: 2,
    name: 'login throttling',
    sql: `
      -- Failed logins, per (e-mail, address) pair and per address. A pair is locked for a while
      -- after too many failures; an address is slowed down across e-mails (password spraying).
      -- Keys never lock an e-mail from every address, so nobody can lock a user out.
      create table login_throttle (
        key text primary key,
        failures int not null default 0,
        window_started_at timestamptz not null default now(),
        locked_until timestamptz,
        lockouts int not null default 0
      );
    `,
  },
  {
    version: 3,
    name: 'single sign-on',
    sql: `
      -- The OpenID Connect provider of a client's accounts; null issuer: no SSO for it.
      alter table clients
        add column oidc_issuer text,
        add column oidc_client_id text,
        add column oidc_client_secret text;
      -- SSO logins started and not yet completed. The state is the key; it is deleted when the
      -- callback uses it, so a replayed callback finds nothing. Expired rows are swept at each start.
      create table sso_logins (
        state text primary key,
        nonce text not null,
        code_verifier text not null,
        account_id uuid not null references accounts (id) on delete cascade,
        -- Started from a popup (reconnect dialog): the app page reports to its opener and closes.
        popup boolean not null default false,
        expires_at timestamptz not null
      );
    `,
  },
  {
    version: 4,
    name: 'e-mails stored normalised',
    sql: `
      -- E-mails are stored in the form server/src/auth/email.ts gives them (NFKC, lower case)
      -- and compared exactly, never through lower(), whose result depends on the server's
      -- locale. Rows written before were lower-cased by the API already; ASCII letters are
      -- folded here without any locale (translate), for rows written by other means.
      update accounts set email = translate(email, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
        where email <> translate(email, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
      create unique index accounts_email_exact_key on accounts (email);
    `,
  },
  {
    version: 5,
    name: 'the language an account reads',
    sql: `
      -- What the server writes to the account (bells, e-mails, its iCal feed) is in this
      -- language; the app sets it at sign-in and when the user changes language (PUT /api/me/language).
      alter table accounts add column language text not null default 'fr' check (language in ('fr', 'en'));
    `,
  },
  {
    version: 6,
    name: 'terms of use, their acceptances, the audit log',
    sql: `
      -- The terms of use and the privacy notice, one row per published version (never edited:
      -- a correction is a new version; a minor one does not ask anyone to accept again).
      create table tc_versions (
        version int primary key,
        published_at timestamptz not null default now(),
        published_by text not null,
        terms_fr text not null,
        terms_en text not null,
        privacy_fr text not null,
        privacy_en text not null,
        requires_acceptance boolean not null default true,
        note text not null default ''
      );
      -- Who accepted which version, when, from which address.
      create table tc_acceptances (
        account_id uuid not null references accounts (id) on delete cascade,
        version int not null references tc_versions (version),
        accepted_at timestamptz not null default now(),
        ip text,
        primary key (account_id, version)
      );
      -- The administrative acts (server/src/modules/_platform/audit.ts): append-only.
      create table audit_log (
        id uuid primary key,
        at timestamptz not null default now(),
        actor_id uuid,
        actor_email text not null,
        act text not null,
        client_db text,
        district_id uuid,
        target_kind text not null default '',
        target_id text not null default '',
        target_label text not null default '',
        details jsonb not null default '{}'::jsonb,
        ip text
      );
      create index audit_log_scope_idx on audit_log (client_db, district_id, at desc);
      create index audit_log_at_idx on audit_log (at desc);
      create function audit_log_append_only() returns trigger language plpgsql as $fn$
      begin
        raise exception 'audit_log is append-only' using errcode = '42501';
      end;
      $fn$;
      create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_append_only();
    `,
  },
  {
    version: 7,
    name: 'password tokens: invitations and resets',
    sql: `
      -- A one-time link to set an account's password (server/src/routes/api/auth/reset-password.ts):
      -- only the token's SHA-256 is kept; used_at set once it served (single use).
      create table password_tokens (
        token_hash text primary key,
        account_id uuid not null references accounts (id) on delete cascade,
        purpose text not null check (purpose in ('invitation', 'reset')),
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index password_tokens_account_idx on password_tokens (account_id);
    `,
  },
];
