/**
 * Seeds the demo data (seed/demo-data.ts) into an installation without accounts. Idempotent:
 * it does nothing once accounts exist, and a seed interrupted half-way starts over cleanly
 * (accounts are written last).
 */
import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '../auth/email.js';
import { hashPassword } from '../auth/passwords.js';
import type { AttachmentStorage } from '../attachments/storage.js';
import type { Databases } from '../db/databases.js';
import { SERVER_MODULES } from '../modules/index.js';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_HOME, DEMO_MODULES, DEMO_NOTIFICATIONS, DEMO_PASSWORD } from './demo-data.js';

/** `storage` receives the demo photos (declarations). */
export async function seedDemo(databases: Databases, storage: AttachmentStorage): Promise<boolean> {
  const existing = await databases.control.query('select 1 from accounts limit 1');
  if (existing.rows.length > 0) return false;

  const accountIds = new Map(DEMO_ACCOUNTS.map((a) => [a.email, randomUUID()]));
  const districtIds = new Map<string, string>(); // `${db}/${name}` → id
  // The demo records' author: the operator administrator.
  const adminId = accountIds.get(DEMO_ACCOUNTS[0]!.email)!;

  for (const client of DEMO_CLIENTS) {
    const db = await databases.openClientStorage(client.database);
    await db.transaction(async (tx) => {
      await tx.query('truncate districts, district_modules, memberships, sites, site_stages, site_types, declaration_comments, declarations, declaration_template_versions, declaration_templates, inspection_shares, inspections, inspection_schedules, questionnaire_template_versions, questionnaire_templates, record_history, record_locks, notifications, attachments, action_comments, actions, action_plans, action_templates, calendar_feeds');
      for (const districtName of client.districts) {
        const districtId = randomUUID();
        districtIds.set(`${client.database}/${districtName}`, districtId);
        await tx.query('insert into districts (id, name) values ($1, $2)', [districtId, districtName]);
        for (const [position, module] of DEMO_MODULES.entries()) {
          await tx.query('insert into district_modules (district_id, name, position) values ($1, $2, $3)', [districtId, module, position]);
        }
        // The members first: a module's seed shares its records among them (who fills what).
        for (const account of DEMO_ACCOUNTS) {
          if (!(account.memberships[client.database] ?? []).includes(districtName)) continue;
          const accountId = accountIds.get(account.email)!;
          await tx.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [accountId, districtId, [...account.rights]]);
          for (const n of DEMO_NOTIFICATIONS) {
            await tx.query(
              `insert into notifications (id, district_id, account_id, kind, name, translate, actions, created_at, read_at)
               values ($1, $2, $3, $4, $5, false, $6, now() - make_interval(mins => $7), case when $8 then now() end)`,
              [randomUUID(), districtId, accountId, n.kind, `${n.name} (${districtName})`, JSON.stringify([]), n.ageMinutes, n.read],
            );
          }
        }
        for (const module of SERVER_MODULES) await module.seed?.({ tx, clientDb: client.database, districtId, districtName, actorId: adminId, actorName: DEMO_ACCOUNTS[0]!.email, storage });
      }
    });
    await databases.control.query('insert into clients (id, name, database) values ($1, $2, $3) on conflict (database) do nothing', [randomUUID(), client.name, client.database]);
  }

  const homeDistrict = districtIds.get(`${DEMO_HOME.database}/${DEMO_HOME.district}`)!;
  for (const account of DEMO_ACCOUNTS) {
    await databases.control.query(
      `insert into accounts (id, email, password_hash, admin, home_client, home_district) values ($1, $2, $3, $4, $5, $6)`,
      [accountIds.get(account.email), normalizeEmail(account.email), await hashPassword(DEMO_PASSWORD), account.admin, DEMO_HOME.database, homeDistrict],
    );
  }
  return true;
}
