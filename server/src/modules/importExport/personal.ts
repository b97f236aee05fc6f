/**
 * A member's own personal data (a job, open to every signed-in member; issue 34 item 6): one
 * ZIP of JSON files and their own files, nothing of anyone else:
 *
 * - `account.json`: the account (e-mail, language, dates; never the password's hash);
 * - `memberships.json`: their rights in each district of the client database;
 * - `records/<table>.json`: in the current district, the rows of every table that names them as
 *   author, last editor, assignee, manager, owner or recipient (found by those columns, so a
 *   module added later is covered too): records, notifications, acknowledgements…;
 * - `history.json`: the changes they made (the record history of their writes);
 * - `files/…`: the files they uploaded in the district.
 */
import { strToU8, zipSync } from 'fflate';
import type { Readable } from 'node:stream';
import { registerJobKind } from '../_platform/jobs.js';
import { fileDay } from './files.js';

export const PERSONAL_EXPORT_JOB = 'personalExport';

/** The columns that make a row someone's (their id in it). */
export const PERSON_COLUMNS = ['created_by', 'updated_by', 'account_id', 'assignee_id', 'assigned_to', 'manager_id', 'owner_id', 'responsible_id', 'recipient_id', 'member_id', 'user_id'];
/** Tables left out: this module's jobs (other people's rows in an import), sessions and keys. */
const LEFT_OUT = new Set(['jobs', 'idempotency_keys', 'import_refs', 'record_history', 'mail_outbox']);
/** Rows per table and files at most. */
const ROWS_MAX = 50_000;
const FILES_MAX = 2000;
const FILES_BYTES_MAX = 512 * 1024 * 1024;

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

registerJobKind(PERSONAL_EXPORT_JOB, async ({ job, db, ctx, report }) => {
  const me = job.account_id;
  const district = job.district_id;
  const files: Record<string, Uint8Array> = {};
  const { rows: account } = await ctx.databases.control.query(
    'select id, email, sso, admin, language, home_district, current_district, disabled, created_at from accounts where id = $1',
    [me],
  );
  files['account.json'] = json(account[0] ?? null);
  const { rows: memberships } = await db.query(
    'select d.id as district_id, d.name as district, m.rights, m.default_page from memberships m join districts d on d.id = m.district_id where m.account_id = $1 order by d.name',
    [me],
  );
  files['memberships.json'] = json(memberships);
  await report(10, true);

  // Every table of the district holding one of the person columns.
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
      where c.table_schema = current_schema() and c.column_name = any($1::text[]) and c.data_type = 'uuid'
        and exists (select 1 from information_schema.columns d where d.table_schema = c.table_schema and d.table_name = c.table_name and d.column_name = 'district_id')
      order by c.table_name, c.column_name`,
    [PERSON_COLUMNS],
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) if (!LEFT_OUT.has(c.table_name)) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
  const counts: Record<string, number> = {};
  let done = 0;
  for (const [table, cols] of tables) {
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) as row from "${table}" t where t.district_id = $1 and (${cols.map((c) => `t."${c}" = $2`).join(' or ')}) limit ${ROWS_MAX}`,
      [district, me],
    );
    // Binary columns (stored images) are files, not JSON: left out of the rows.
    const clean = rows.map(({ row }) => Object.fromEntries(Object.entries(row).filter(([key]) => !['image', 'password_hash', 'result'].includes(key))));
    if (clean.length > 0) {
      files[`records/${table}.json`] = json(clean);
      counts[table] = clean.length;
    }
    done += 1;
    await report(10 + (done / Math.max(1, tables.size)) * 50, true);
  }
  const { rows: history } = await db.query(
    `select module, record_id, version, action, changes, at from record_history where district_id = $1 and actor_id = $2 order by at limit ${ROWS_MAX}`,
    [district, me],
  );
  files['history.json'] = json(history);

  const { rows: attachments } = await db.query<{ id: string; name: string; storage_key: string; size: string }>(
    `select id, name, storage_key, size from attachments where district_id = $1 and created_by = $2 and state = 'complete' and deleted_at is null order by created_at limit ${FILES_MAX}`,
    [district, me],
  );
  let bytes = 0;
  let filesDone = 0;
  for (const a of attachments) {
    if (bytes + Number(a.size) > FILES_BYTES_MAX) break;
    try {
      files[`files/${a.id}-${a.name.replace(/[\\/:*?"<>|]/g, '_')}`] = await bytesOf(await ctx.storage.get(a.storage_key));
      bytes += Number(a.size);
      filesDone += 1;
    } catch {
      // A file missing from the storage is left out (its record still lists it).
    }
    await report(60 + (filesDone / Math.max(1, attachments.length)) * 35, true);
  }
  const manifest = { account: me, district, exportedAt: new Date().toISOString(), tables: counts, history: history.length, files: filesDone };
  files['manifest.json'] = json(manifest);
  return { file: { name: `mes-donnees-${fileDay()}.zip`, type: 'application/zip', bytes: zipSync(files, { level: 6 }) }, summary: manifest };
});
