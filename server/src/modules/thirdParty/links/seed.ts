/**
 * Demo share links of a district, on its first demo sites: one active link with a one-time
 * code, one expiring in two days, one expired, one revoked, each with its access log (openings,
 * downloads, codes) from plausible addresses and browsers. Their tokens are random and thrown
 * away: a demo link is read in the app, not opened (a new one is made to try the viewer).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DistrictSeed } from '../../_platform/module.js';
import { tokenHash } from '../../_platform/tokens.js';

const DAY = 86_400_000;
const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36',
];

interface DemoLink {
  recipient: [string, string];
  message: string;
  createdDaysAgo: number;
  expiresInDays: number;
  revokedDaysAgo?: number;
  otp: boolean;
  kinds: string[];
  access: { daysAgo: number; action: 'open' | 'download' | 'codeSent' | 'codeRight' | 'codeWrong'; address: string; browser: number }[];
}

const LINKS: DemoLink[] = [
  {
    recipient: ['Karine Lemoine', 'k.lemoine@bureau-controle.example'],
    message: 'Bonjour, voici les informations du site pour la vérification périodique de jeudi.',
    createdDaysAgo: 3,
    expiresInDays: 11,
    otp: true,
    kinds: ['site', 'stages', 'contacts'],
    access: [
      { daysAgo: 2.9, action: 'codeSent', address: '82.64.17.203', browser: 0 },
      { daysAgo: 2.89, action: 'codeRight', address: '82.64.17.203', browser: 0 },
      { daysAgo: 2.89, action: 'open', address: '82.64.17.203', browser: 0 },
      { daysAgo: 1.2, action: 'open', address: '90.112.45.8', browser: 2 },
    ],
  },
  {
    recipient: ['Thomas Garnier', 'thomas.garnier@elec-services.example'],
    message: 'Accès au site pour l’intervention sur le TGBT.',
    createdDaysAgo: 12,
    expiresInDays: 2,
    otp: false,
    kinds: ['site', 'contacts'],
    access: [
      { daysAgo: 11.5, action: 'open', address: '176.150.3.77', browser: 1 },
      { daysAgo: 4, action: 'open', address: '176.150.3.77', browser: 1 },
    ],
  },
  {
    recipient: ['Sophie Marchand', 's.marchand@nettoyage-pro.example'],
    message: '',
    createdDaysAgo: 40,
    expiresInDays: -10,
    otp: false,
    kinds: ['site'],
    access: [{ daysAgo: 38, action: 'open', address: '109.190.22.14', browser: 0 }],
  },
  {
    recipient: ['Julien Perrot', 'j.perrot@ascenseurs-ouest.example'],
    message: 'Plans et étapes 360 pour préparer la visite.',
    createdDaysAgo: 20,
    expiresInDays: 10,
    revokedDaysAgo: 15,
    otp: true,
    kinds: ['site', 'stages'],
    access: [
      { daysAgo: 19, action: 'codeSent', address: '86.245.9.130', browser: 1 },
      { daysAgo: 19, action: 'codeWrong', address: '86.245.9.130', browser: 1 },
      { daysAgo: 19, action: 'codeRight', address: '86.245.9.130', browser: 1 },
      { daysAgo: 19, action: 'open', address: '86.245.9.130', browser: 1 },
    ],
  },
];

export async function seedLinks({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const { rows: sites } = await tx.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name, id limit 2', [districtId]);
  if (sites.length === 0) return;
  const now = Date.now();
  for (const [index, demo] of LINKS.entries()) {
    const site = sites[index % sites.length]!;
    const id = randomUUID();
    const items = demo.kinds.map((kind) => ({ kind, id: site.id, title: kind === 'site' ? site.name : kind === 'stages' ? `Étapes 360 de ${site.name}` : `Contacts du site ${site.name}` }));
    await tx.query(
      `insert into third_party_links (id, district_id, site_id, token_hash, recipient_name, recipient_email, message, items, language, otp, expires_at, created_at, created_by, revoked_at, revoked_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'fr', $9, $10, $11, $12, $13, $14)`,
      [
        id,
        districtId,
        site.id,
        tokenHash(randomBytes(48).toString('base64url')),
        demo.recipient[0],
        demo.recipient[1],
        demo.message,
        JSON.stringify(items),
        demo.otp,
        new Date(now + demo.expiresInDays * DAY),
        new Date(now - demo.createdDaysAgo * DAY),
        actorId,
        demo.revokedDaysAgo === undefined ? null : new Date(now - demo.revokedDaysAgo * DAY),
        demo.revokedDaysAgo === undefined ? null : actorId,
      ],
    );
    for (const entry of demo.access) {
      await tx.query(`insert into third_party_link_access (id, link_id, at, action, address, user_agent) values ($1, $2, $3, $4, $5, $6)`, [
        randomUUID(),
        id,
        new Date(now - entry.daysAgo * DAY),
        entry.action,
        entry.address,
        BROWSERS[entry.browser]!,
      ]);
    }
  }
}
