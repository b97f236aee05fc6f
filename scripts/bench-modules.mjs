// `npm run bench:modules`: the size of each module per side and what it touches outside its own
// folders. For each module family (the manifests' `folder`): lines of code in common/modules/<folder>/,
// server/src/modules/<folder>/, src/features/<folder>/, its server tests and browser specs, and
// the shared files (outside those folders and the tests) whose code names the module's folder:
// the registration lines a new module costs the platform (docs/modules.md says which they
// should be). Prints figures, asserts nothing.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CODE = /\.(ts|tsx|css|mjs)$/;

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : CODE.test(name) ? [path] : [];
  });
}
const lines = (list) => list.reduce((sum, path) => sum + readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '').length, 0);

// The families: the folders of server and app modules (a manifest's folder).
const families = [...new Set([...readdirSync(join(ROOT, 'server/src/modules')), ...readdirSync(join(ROOT, 'src/features'))])]
  .filter((name) => name !== '_platform' && (existsSync(join(ROOT, 'server/src/modules', name, 'module.ts')) || existsSync(join(ROOT, 'src/features', name, 'module.ts'))))
  .sort();

const shared = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'server/src')), ...files(join(ROOT, 'common'))];
console.log('lines of code (non-blank) per side, and the files outside the module\'s folders whose code names it (its registration, and other modules reading its contract)');
console.log('module            common  server     app  tests  files outside naming it');
for (const folder of families) {
  const own = [`common/modules/${folder}/`, `server/src/modules/${folder}/`, `src/features/${folder}/`];
  const count = (dir) => lines(files(join(ROOT, dir)));
  const tests = lines([...files(join(ROOT, 'server/test')), ...files(join(ROOT, 'tests/e2e'))].filter((path) => new RegExp(`(^|/)${folder}[-.]`).test(relative(ROOT, path))));
  const naming = shared
    .map((path) => relative(ROOT, path))
    .filter((path) => !own.some((dir) => path.startsWith(dir)))
    .filter((path) => new RegExp(`((modules|features)/|'\\./)${folder}/`).test(readFileSync(join(ROOT, path), 'utf8')));
  console.log(
    `${folder.padEnd(16)} ${String(count(`common/modules/${folder}`)).padStart(7)} ${String(count(`server/src/modules/${folder}`)).padStart(7)} ${String(count(`src/features/${folder}`)).padStart(7)} ${String(tests).padStart(6)}  ${naming.length} (${naming.join(', ')})`,
  );
}
