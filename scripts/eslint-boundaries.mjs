// The app's boundaries as an ESLint rule (eslint.config.js, `vigie/boundaries`): each import is
// resolved against the importing file, so a relative path is judged by where it leads, whatever
// its depth. docs/modules.md, "Boundaries".
//
// - A feature (src/features/<folder>/) imports no other feature's folder: what two features share
//   goes to src/components or src/lib, and what a module lends another goes through the registry
//   (src/app/modules.ts: its links, its parts, lib/module-parts.ts).
// - The platform's libraries (src/lib, src/components, src/hooks) import no feature.
// - The app's platform (src/app) imports no module's folder except through src/app/modules.ts, the
//   one list of the modules (a module: a folder with a descriptor, module.ts). The notifications'
//   folder is the shell's too (its bell and live updates are in every page's toolbar).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FEATURES = path.join(root, 'src', 'features');
const REGISTRY = path.join(root, 'src', 'app', 'modules.ts');
const SHELL_MODULES = new Set(['notifications']);
const PLATFORM_LIBRARIES = ['lib', 'components', 'hooks'].map((dir) => path.join(root, 'src', dir));

/** The module folders: those with an app descriptor. Read once per lint run. */
const moduleFolders = new Set(
  fs.readdirSync(FEATURES, { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(FEATURES, d.name, 'module.ts'))).map((d) => d.name),
);

const inside = (file, dir) => file.startsWith(dir + path.sep);
const featureOf = (file) => (inside(file, FEATURES) ? path.relative(FEATURES, file).split(path.sep)[0] : null);

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import no other feature; the platform imports modules only through src/app/modules.ts.' },
    schema: [],
    messages: {
      feature: "A feature imports no other feature's folder (src/features/{{target}}): move what both use to src/components or src/lib, or lend it through the module registry (src/app/modules.ts: links, parts).",
      library: 'src/{{library}} is the platform: it imports no feature (src/features/{{target}}); the feature gives it what it needs.',
      registry: "The app names the modules in src/app/modules.ts only: import the module's folder (src/features/{{target}}) there and read it from the registry (APP_MODULES, moduleLinks, startModules).",
    },
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    const library = PLATFORM_LIBRARIES.find((dir) => inside(file, dir));
    const inApp = inside(file, path.join(root, 'src', 'app')) && file !== REGISTRY;
    if (from === null && library === undefined && !inApp) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source.value));
      if (target === null || target === from) return;
      if (from !== null) context.report({ node: source, messageId: 'feature', data: { target } });
      else if (library !== undefined) context.report({ node: source, messageId: 'library', data: { library: path.basename(library), target } });
      else if (moduleFolders.has(target) && !SHELL_MODULES.has(target)) context.report({ node: source, messageId: 'registry', data: { target } });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'vigie' }, rules: { boundaries } };
