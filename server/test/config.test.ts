// Configuration: a variable set to a value it cannot take is refused with its
// name and what it accepts, never read as its default (VIGIE_SEED_DEMO=ture was silently false).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('boolean variables', () => {
  const BOOLEANS = ['VIGIE_SEED_DEMO', 'SECURE_COOKIES', 'TRUST_PROXY', 'VIGIE_MAINTENANCE', 'VIGIE_MAIL_WORKER'] as const;

  it('accept true/false, 1/0, yes/no, on/off in any case', () => {
    for (const [value, expected] of [['true', true], ['TRUE', true], ['Yes', true], ['1', true], ['on', true], ['false', false], ['No', false], ['0', false], ['OFF', false]] as const) {
      expect(loadConfig({ VIGIE_SEED_DEMO: value }).seedDemo, value).toBe(expected);
      expect(loadConfig({ VIGIE_MAINTENANCE: value }).maintenance, value).toBe(expected);
    }
  });

  it('refuse any other value, naming the variable and the accepted values', () => {
    for (const name of BOOLEANS) {
      expect(problemsOf({ [name]: 'ture' })).toEqual([`${name} must be one of true, false, 1, 0, yes, no, on, off (case-insensitive), got "ture"`]);
    }
    expect(problemsOf({ VIGIE_SEED_DEMO: 'enabled' })).toHaveLength(1);
    expect(problemsOf({ VIGIE_SEED_DEMO: '2' })).toHaveLength(1);
  });

  it('take the default when unset or empty', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ VIGIE_SEED_DEMO: '' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/vigie' }).seedDemo).toBe(false);
  });
});

describe('numbers, ports, URLs and levels', () => {
  it('refuse a port that is not a whole number from 1 to 65535', () => {
    for (const port of ['80a', '0', '65536', '-1', '8080.5', '1e3', 'http']) {
      expect(problemsOf({ PORT: port }), port).toEqual([`PORT must be a whole number from 1 to 65535, got "${port}"`]);
    }
    expect(loadConfig({ PORT: '8443' }).port).toBe(8443);
  });

  it('refuse durations that are not positive whole numbers', () => {
    for (const name of ['ACCESS_TOKEN_TTL_SECONDS', 'REFRESH_TOKEN_TTL_SECONDS', 'IDLE_SECONDS']) {
      expect(problemsOf({ [name]: '15m' })).toEqual([`${name} must be a whole number from 1, got "15m"`]);
      expect(problemsOf({ [name]: '0' })).toHaveLength(1);
    }
    expect(loadConfig({ IDLE_SECONDS: '60' }).idleSeconds).toBe(60);
  });

  it('refuse malformed URLs without printing them (they may carry a password)', () => {
    expect(problemsOf({ DATABASE_URL: 'db.example.org:5432/vigie' })).toEqual(['DATABASE_URL must start with postgres: or postgresql:']);
    expect(problemsOf({ DATABASE_URL: 'secret-password@nowhere' })).toEqual(['DATABASE_URL must be an absolute URL (postgres: or postgresql:)']);
    expect(problemsOf({ VIGIE_PUBLIC_URL: 'vigie.example.org' })).toEqual(['VIGIE_PUBLIC_URL must be an absolute URL (http: or https:)']);
    expect(problemsOf({ VIGIE_SUPPORT_URL: 'ftp://support.example.org' })).toEqual(['VIGIE_SUPPORT_URL must start with http: or https:']);
    expect(problemsOf({ VIGIE_HELP_URL: 'help' })).toHaveLength(1);
    expect(problemsOf({ VIGIE_DEMO_OIDC_ISSUER: 'localhost:8090' })).toHaveLength(1);
    expect(loadConfig({ VIGIE_HELP_URL: '/help' }).helpUrl).toBe('/help');
    expect(loadConfig({ VIGIE_HELP_URL: 'https://help.example.org/vigie' }).helpUrl).toBe('https://help.example.org/vigie');
    expect(loadConfig({ DATABASE_URL: 'postgresql://vigie:pw@db:5432/vigie' }).databaseUrl).toBe('postgresql://vigie:pw@db:5432/vigie');
  });

  it('read the upload limit and the S3 storage, refusing a half-configured store', () => {
    expect(loadConfig({}).uploadMaxBytes).toBe(50 * 1024 * 1024);
    expect(loadConfig({ VIGIE_UPLOAD_MAX_BYTES: '1048576' }).uploadMaxBytes).toBe(1048576);
    expect(problemsOf({ VIGIE_UPLOAD_MAX_BYTES: '50MB' })).toHaveLength(1);
    expect(loadConfig({}).s3).toBeNull();
    const keys = { VIGIE_S3_ACCESS_KEY_ID: 'id', VIGIE_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ VIGIE_S3_BUCKET: 'vigie-files', VIGIE_S3_ENDPOINT: 'http://minio:9000/', ...keys }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'vigie-files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ VIGIE_S3_BUCKET: 'vigie-files', VIGIE_S3_REGION: 'eu-west-3', ...keys }).s3).toMatchObject({ endpoint: null, forcePathStyle: false });
    expect(problemsOf({ VIGIE_S3_ENDPOINT: 'http://minio:9000', ...keys })).toEqual(['VIGIE_S3_BUCKET must be set when any VIGIE_S3_* variable is (the attachments bucket)']);
    expect(problemsOf({ VIGIE_S3_BUCKET: 'vigie-files' })).toEqual(['VIGIE_S3_ACCESS_KEY_ID and VIGIE_S3_SECRET_ACCESS_KEY must be set with VIGIE_S3_BUCKET']);
    expect(problemsOf({ VIGIE_S3_BUCKET: 'Vigie_Files', ...keys })).toHaveLength(1);
    expect(problemsOf({ VIGIE_S3_BUCKET: 'vigie-files', VIGIE_S3_ENDPOINT: 'minio:9000', ...keys })).toEqual(['VIGIE_S3_ENDPOINT must start with http: or https:']);
    expect(problemsOf({ VIGIE_S3_BUCKET: 'vigie-files', VIGIE_S3_FORCE_PATH_STYLE: 'maybe', ...keys })).toHaveLength(1);
  });

  it('refuse an unknown log level', () => {
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toEqual(['LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"']);
  });

  it('name every refused variable at once', () => {
    expect(problemsOf({ VIGIE_SEED_DEMO: 'ture', PORT: '80a', SMTP_URL: 'mail.example.org' }).map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'VIGIE_SEED_DEMO',
      'SMTP_URL',
    ]);
  });
});

describe('the map', () => {
  it('is built in by default, with no geocoder', () => {
    expect(loadConfig({}).map).toEqual({ basemapPmtiles: null, basemapTilesUrl: null, styleUrl: null, attribution: null, geocoderUrl: null, geocoderKind: null });
  });

  it('takes a real basemap in one variable: a PMTiles file, or an operator’s tiles with their attribution', () => {
    expect(loadConfig({ VIGIE_BASEMAP: '/srv/vigie/france.pmtiles' }).map).toMatchObject({ basemapPmtiles: '/srv/vigie/france.pmtiles', basemapTilesUrl: null });
    const ign = 'https://data.geopf.fr/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=GEOGRAPHICALGRIDSYSTEMS.PLANIGNV2&STYLE=normal&TILEMATRIXSET=PM&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&FORMAT=image/png';
    expect(loadConfig({ VIGIE_BASEMAP: ign, VIGIE_MAP_ATTRIBUTION: '© IGN' }).map).toMatchObject({ basemapPmtiles: null, basemapTilesUrl: ign, attribution: '© IGN' });
    expect(problemsOf({ VIGIE_BASEMAP: ign })).toEqual(['VIGIE_MAP_ATTRIBUTION must be set with a tile address in VIGIE_BASEMAP (the map shows it)']);
    expect(problemsOf({ VIGIE_BASEMAP: 'https://tiles.example.org/{z}/{x}.png', VIGIE_MAP_ATTRIBUTION: 'x' })).toEqual(['VIGIE_BASEMAP: a tile address needs {y} in it']);
    expect(problemsOf({ VIGIE_BASEMAP: 'ftp://tiles.example.org/{z}/{x}/{y}.png', VIGIE_MAP_ATTRIBUTION: 'x' })).toEqual(['VIGIE_BASEMAP must start with http: or https:']);
    expect(problemsOf({ VIGIE_BASEMAP: '/srv/basemap.mbtiles' })).toEqual(['VIGIE_BASEMAP must be the path of a .pmtiles file or the address of tiles with {z}, {x} and {y}, got "/srv/basemap.mbtiles"']);
    // The older name of the file's setting is still read.
    expect(loadConfig({ VIGIE_BASEMAP_PMTILES: '/srv/b.pmtiles' }).map.basemapPmtiles).toBe('/srv/b.pmtiles');
  });

  it('takes an external style with its attribution only, and one basemap at a time', () => {
    expect(problemsOf({ VIGIE_MAP_STYLE_URL: 'https://tiles.example.org/style.json' })).toEqual(['VIGIE_MAP_ATTRIBUTION must be set with VIGIE_MAP_STYLE_URL (the map shows it)']);
    expect(loadConfig({ VIGIE_MAP_STYLE_URL: 'https://tiles.example.org/style.json', VIGIE_MAP_ATTRIBUTION: '© OSM' }).map.attribution).toBe('© OSM');
    expect(problemsOf({ VIGIE_MAP_STYLE_URL: 'https://t.example.org/s.json', VIGIE_MAP_ATTRIBUTION: 'x', VIGIE_BASEMAP: '/srv/b.pmtiles' })).toEqual(['VIGIE_MAP_STYLE_URL and VIGIE_BASEMAP are two basemaps: set one of them']);
    expect(problemsOf({ VIGIE_GEOCODER_URL: 'photon.example.org' })).toEqual(['VIGIE_GEOCODER_URL must be an absolute URL (http: or https:)']);
    expect(problemsOf({ VIGIE_GEOCODER_KIND: 'google' })).toEqual(['VIGIE_GEOCODER_KIND must be one of photon, nominatim, got "google"']);
  });
});

describe('.env.example', () => {
  it('lists every variable of the README configuration table, and no other', () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
    const documented = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!)));
    const example = readFileSync('.env.example', 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map(([, name]) => name!));
    expect(documented.size).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual([...documented].sort());
  });

  it('holds values the server accepts', () => {
    const example = readFileSync('.env.example', 'utf8');
    const env = Object.fromEntries([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(([, name, value]) => [name!, value!]));
    // Both TLS files go together; the example's paths need not exist for the configuration to load.
    expect(() => loadConfig(env)).not.toThrow();
  });
});
