/**
 * The demo installation's terms (control database): version 1 of the terms of use and privacy
 * notice, published as the initial version and accepted by every account of the demo. Written
 * once, when the server starts with the demo seed on and no version exists. Version 1 is
 * published as not asking anyone (the demo's accounts created later by hand or by the tests
 * are not blocked); a version an operator publishes with "everyone must accept" asks everyone.
 */
import type { Queryable } from '../../db/types.js';
import { DEMO_TERMS } from './demo-texts.js';

export async function seedDemoTerms(control: Queryable): Promise<void> {
  const { rows } = await control.query<{ n: number | string }>('select count(*) as n from tc_versions');
  if (Number(rows[0]?.n ?? 0) > 0) return;
  await control.query(
    `insert into tc_versions (version, published_at, published_by, terms_fr, terms_en, privacy_fr, privacy_en, requires_acceptance, note)
     values (1, now() - interval '30 days', 'operator@demo.vigie.test', $1, $2, $3, $4, false, $5) on conflict do nothing`,
    [DEMO_TERMS.termsFr, DEMO_TERMS.termsEn, DEMO_TERMS.privacyFr, DEMO_TERMS.privacyEn, 'Version initiale'],
  );
  await control.query(
    `insert into tc_acceptances (account_id, version, accepted_at, ip) select id, 1, now() - interval '29 days', '127.0.0.1' from accounts on conflict do nothing`,
  );
}
