// `npm run lint` (after ESLint and the cycle check): the screens' CSS rules (docs/shell.md,
// "Screens: tokens and module classes"). No dependency: a small reader of CSS that strips
// comments and strings, takes each rule's selectors (the text before `{`) and its declarations.
//
// 1. A CSS file under src/features/<folder>/ defines only its module's classes: each class in
//    its selectors starts with one of the module's prefixes (PREFIXES below; a folder with no
//    entry gets `<folder>-`), or is a third-party component's class (THIRD_PARTY), or a state
//    modifier (STATES) in a selector scoped by a module class. A shared class (defined by a CSS file under
//    src/components or src/app: `record-row`, `named-record`, `status-chip`, …) may appear only
//    in a selector scoped by one of the module's classes (`.carto-page .module-page-content`):
//    never on its own, which would restyle it for every module.
// 2. No raw colour literal (#hex, rgb()/rgba()/hsl()/hsla() of numbers, a named colour) outside
//    src/app/theme.css: colours are the theme's tokens (`--vigie-*`, Ionic's `--ion-color-*`).
//    `rgba(var(--ion-color-primary-rgb), 0.08)` (a token with an alpha) is not raw.
// Prints each problem as file:line and exits 1 when there is one.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SRC = path.join(root, 'src');
const THEME = 'src/app/theme.css';

/**
 * The class prefixes of each module folder under src/features (the longest matching folder
 * wins: cartography/management before cartography). A prefix `site` admits `site` and
 * `site-…`. A folder not listed gets its own name: src/features/supplier → `supplier-` (and its
 * kebab-case form: src/features/contactV2 → `contactV2-` or `contact-v2-`).
 */
const PREFIXES = {
  actions: ['action', 'plan'],
  admin: ['admin'],
  auth: ['credential', 'login'],
  calendar: ['calendar'],
  cartography: ['carto'],
  'cartography/management': ['cm', 'map-management'],
  dashboard: ['dashboard'],
  declarations: ['declaration', 'report'],
  emergency: ['emergency'],
  notifications: ['notification', 'notifications', 'bell'],
  questionnaires: ['questionnaire', 'questionnaires', 'inspection', 'template', 'planning', 'builder', 'report'],
  shell: ['app', 'menu', 'phone-tab', 'phone-tabs', 'toolbar', 'maintenance'],
  sites: ['site'],
  contactV2: ['contact'],
  contract: ['contract'],
  tenancy: ['tenancy'],
  'viewer-third-party': ['viewer'],
};

/** Classes of the third-party components the modules style (Ionic's, MapLibre's, Photo Sphere Viewer's). */
const THIRD_PARTY = [/^ion-/, /^maplibregl-/, /^psv-/];
/** Ionic's mode classes (on <html> and its components): `.ios .app-toolbar`. */
const IONIC_MODES = new Set(['ios', 'md']);
/** State modifiers, allowed only in a selector scoped by a module class (`.tenancy-stepper li.active`). */
const STATES = new Set(['active', 'done', 'current', 'chosen', 'failed', 'selected', 'open']);

/**
 * Raw colours that stay outside the theme, each with its reason: { file, literal, reason }.
 * Empty: every colour of the screens is a theme token today.
 */
const RAW_COLOUR_ALLOWED = [];

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith('.css')) out.push(full);
  }
  return out;
}

/** The text with comments and strings blanked (newlines kept, so offsets keep their lines). */
function blank(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += c + text.slice(i + 1, j).replace(/[^\n]/g, ' ') + (j < text.length ? c : '');
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** The rules of a CSS text: { selectors: [{ text, line }], declarations: [{ text, line }] }. */
function read(text) {
  const src = blank(text);
  const selectors = [];
  const declarations = [];
  const stack = [];
  let start = 0;
  const lineAt = (offset) => src.slice(0, offset).split('\n').length;
  const firstNonSpace = (from, to) => {
    let k = from;
    while (k < to && /\s/.test(src[k])) k += 1;
    return k;
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (c === '{') {
      const at = firstNonSpace(start, i);
      const prelude = src.slice(at, i).trim();
      if (prelude.startsWith('@')) stack.push('at');
      else {
        stack.push('rule');
        selectors.push({ text: prelude, line: lineAt(at) });
      }
      start = i + 1;
    } else if (c === ';' || c === '}') {
      const at = firstNonSpace(start, i);
      const piece = src.slice(at, i).trim();
      if (piece !== '' && stack.at(-1) === 'rule') declarations.push({ text: piece, line: lineAt(at) });
      if (c === '}') stack.pop();
      start = i + 1;
    }
  }
  return { selectors, declarations };
}

/** A selector list's selectors, each as its compounds' class lists (the last is the subject). */
function compounds(selectorList) {
  return selectorList
    .replace(/\[[^\]]*\]/g, '[]')
    .split(',')
    .map((selector) =>
      selector
        .replace(/:(not|is|where|has)\(/g, ' $1(')
        .split(/\s*[>+~]\s*|\s+/)
        .filter((part) => part !== '')
        .map((part) => [...part.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1])),
    );
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The module folder (relative to src/features) and its prefixes, for a file under src/features. */
function moduleOf(relFile) {
  const m = /^src\/features\/(.+)\/[^/]+$/.exec(relFile);
  if (m === null) return null;
  const dirs = m[1].split('/');
  for (let n = dirs.length; n > 0; n -= 1) {
    const key = dirs.slice(0, n).join('/');
    if (PREFIXES[key] !== undefined) return { folder: key, prefixes: PREFIXES[key] };
  }
  // A folder with no entry: its name, and its kebab-case form (contactV2 → `contactV2-`, `contact-v2-`).
  const kebab = dirs[0].replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return { folder: dirs[0], prefixes: [...new Set([dirs[0], kebab])] };
}

const hasPrefix = (cls, prefixes) => prefixes.some((p) => cls === p || cls.startsWith(`${p}-`));
const isThirdParty = (cls) => THIRD_PARTY.some((re) => re.test(cls)) || IONIC_MODES.has(cls);

const RAW_HEX = /#[0-9a-fA-F]{3,8}\b/g;
const COLOUR_FN = /\b(?:rgba?|hsla?)\(/g;

/** Named colours in a colour property's value (the common ones; transparent and currentColor are fine). */
const NAMED = /(?<![\w-])(white|black|red|green|blue|yellow|orange|purple|pink|brown|gray|grey|silver|navy|teal|maroon|olive|lime|aqua|cyan|magenta|fuchsia|gold|crimson|darkred|darkgreen|darkblue|lightgray|lightgrey|darkgray|darkgrey|whitesmoke)(?![\w-])/gi;
const COLOUR_PROPERTY = /^(?:[\w-]*color|background(?:-image)?|border(?:-[\w-]+)?|outline|fill|stroke|[\w-]*shadow|caret-color|accent-color|--[\w-]+)\s*:/i;

function rawColours(declaration) {
  const found = [...declaration.matchAll(RAW_HEX)].map((m) => m[0]);
  if (COLOUR_PROPERTY.test(declaration)) {
    const value = declaration.slice(declaration.indexOf(':') + 1).replace(/var\(--[\w-]+/g, '');
    for (const m of value.matchAll(NAMED)) found.push(m[0]);
  }
  for (const m of declaration.matchAll(COLOUR_FN)) {
    // The call's text, its parentheses balanced (its arguments may hold var()).
    let depth = 0;
    let end = m.index;
    for (; end < declaration.length; end += 1) {
      if (declaration[end] === '(') depth += 1;
      else if (declaration[end] === ')' && --depth === 0) break;
    }
    const call = declaration.slice(m.index, end + 1);
    const args = call.slice(m[0].length, -1).trim();
    // A token with an alpha (rgba(var(--x-rgb), 0.5)) is not raw; a var() with a raw fallback is.
    if (!/^var\(--[\w-]+\)\s*,/.test(args)) found.push(call);
  }
  return found;
}

const files = walk(SRC).sort();
const parsed = new Map(files.map((file) => [file, read(fs.readFileSync(file, 'utf8'))]));

// The shared classes: those in the selectors of src/components and src/app.
const shared = new Set();
for (const [file, { selectors }] of parsed) {
  const r = rel(file);
  if (!r.startsWith('src/components/') && !r.startsWith('src/app/')) continue;
  for (const { text } of selectors) for (const sel of compounds(text)) for (const c of sel) for (const cls of c) shared.add(cls);
}

const problems = [];
for (const [file, { selectors, declarations }] of parsed) {
  const r = rel(file);
  if (r !== THEME) {
    for (const { text, line } of declarations) {
      for (const literal of rawColours(text)) {
        if (RAW_COLOUR_ALLOWED.some((a) => a.file === r && a.literal === literal)) continue;
        problems.push(`${r}:${line}: raw colour ${literal}: use a theme token (src/app/theme.css)`);
      }
    }
  }
  const mod = moduleOf(r);
  if (mod === null) continue;
  for (const { text, line } of selectors) {
    for (const sel of compounds(text)) {
      const scoped = sel.some((c) => c.some((cls) => hasPrefix(cls, mod.prefixes)));
      for (const c of sel) {
        for (const cls of c) {
          if (hasPrefix(cls, mod.prefixes) || isThirdParty(cls)) continue;
          if (STATES.has(cls)) {
            if (!scoped) problems.push(`${r}:${line}: state class .${cls} outside a selector scoped by a ${mod.folder} class`);
          } else if (shared.has(cls)) {
            if (!scoped) problems.push(`${r}:${line}: .${cls} is a shared class (src/components, src/app): scope it under a ${mod.folder} class or change it where it is defined`);
          } else {
            const wanted = mod.prefixes.map((p) => `${p}-`).join(', ');
            problems.push(`${r}:${line}: .${cls} does not start with the ${mod.folder} module's prefix (${wanted})`);
          }
        }
      }
    }
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`check-css: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check-css: ${files.length} CSS files, no problem`);
