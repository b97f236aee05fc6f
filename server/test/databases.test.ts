import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMigrations } from '../src/db/migrations/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEMO_CLIENTS, DEMO_SITES, DEMO_STAGES } from '../src/seed/demo-data.js';
import { startTestServer, usePostgres, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

describe(`databases (${usePostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('registers both demo clients in the control database', async () => {
    const { rows } = await server.databases.control.query<{ name: string; database: string }>('select name, database from clients order by name');
    expect(rows).toEqual(DEMO_CLIENTS.map(({ name, database }) => ({ name, database })));
  });

  it('keeps each client in its own database with only its own districts', async () => {
    for (const client of DEMO_CLIENTS) {
      const db = await server.databases.client(client.database);
      const { rows } = await db.query<{ name: string }>('select name from districts order by name');
      expect(rows.map((r) => r.name)).toEqual(client.districts);
    }
  });

  it('seeds sites with their 360 stages carrying real PNG images, and 3D stages', async () => {
    const db = await server.databases.client('acme');
    const sites = await db.query<{ name: string }>(
      `select s.name from sites s join districts d on d.id = s.district_id where d.name = 'Lyon' order by s.name`,
    );
    expect(sites.rows.map((r) => r.name)).toEqual(DEMO_SITES.Lyon!.map((s) => s.name).sort());
    const stages = await db.query<{ kind: string; name: string; image: Uint8Array | null; image_type: string | null }>(
      `select st.kind, st.name, st.image, st.image_type from site_stages st join sites s on s.id = st.site_id
        where s.name = 'Entrepôt Gerland' order by st.kind, st.position`,
    );
    const threeSixty = stages.rows.filter((r) => r.kind === 'threeSixty');
    expect(threeSixty.map((r) => r.name)).toEqual(DEMO_STAGES.threeSixty);
    for (const stage of threeSixty) {
      expect(stage.image_type).toBe('image/png');
      expect(Buffer.from(stage.image!).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
    expect(stages.rows.filter((r) => r.kind === 'threeD').map((r) => r.name)).toEqual(DEMO_STAGES.threeD);
  });

  it('applies migrations once: a second run changes nothing', async () => {
    const db = await server.databases.client('bellevue');
    expect(await migrate(db, clientMigrations)).toEqual([]);
    const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual(clientMigrations.map((m) => m.version));
  });

  it('seeds once: a second seed leaves the data as it was', async () => {
    const count = async () => (await server.databases.control.query<{ n: number }>('select count(*)::int as n from accounts')).rows[0]!.n;
    const before = await count();
    expect(await seedDemo(server.databases, server.ctx.storage)).toBe(false);
    expect(await count()).toBe(before);
  });

  it('rolls a failed transaction back entirely', async () => {
    const db = await server.databases.client('acme');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into districts (id, name) values ('00000000-0000-4000-8000-000000000001', 'Temporaire')`);
        await tx.query('select * from no_such_table');
      }),
    ).rejects.toThrow();
    const { rows } = await db.query(`select 1 from districts where name = 'Temporaire'`);
    expect(rows).toEqual([]);
  });

  it('keeps concurrent transactions apart', async () => {
    const db = await server.databases.client('acme');
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    const results = await Promise.allSettled([
      db.transaction(async (tx) => {
        await tx.query(`insert into districts (id, name) values ($1, 'Concurrent A')`, [ids[0]]);
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('abandon A');
      }),
      db.transaction(async (tx) => {
        await tx.query(`insert into districts (id, name) values ($1, 'Concurrent B')`, [ids[1]]);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    const { rows } = await db.query<{ name: string }>(`select name from districts where id = any($1::uuid[])`, [ids]);
    expect(rows.map((r) => r.name)).toEqual(['Concurrent B']);
    await db.query(`delete from districts where id = any($1::uuid[])`, [ids]);
  });

  it('refuses to open an unregistered or ill-named client database', async () => {
    await expect(server.databases.client('nosuchclient')).rejects.toThrow(/no client database/);
    await expect(server.databases.client('../control')).rejects.toThrow();
  });
});
