// `npm run lint` (after ESLint): fails when the source has an import cycle, naming its files.
// A cycle makes a module's evaluation order depend on which file is imported first (a value
// read before its module ran: undefined at start, fine in tests) and ties the files' chunks
// together. Only the imports that run count: `import type`, imports of types only and dynamic
// `import()` (loaded later, never during evaluation) do not. Modules resolved with TypeScript's
// own resolution and each project's options (tsconfig.json for the app and common/,
// server/tsconfig.json, sw/tsconfig.json). No dependency of its own: TypeScript's API only.
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = [
  { config: 'tsconfig.json', dirs: ['src', 'common'] },
  { config: 'server/tsconfig.json', dirs: ['server/src', 'common'] },
  { config: 'sw/tsconfig.json', dirs: ['sw'] },
];

/** The static imports that run: the files a module needs evaluated before itself. */
function runtimeImports(sourceFile) {
  const out = [];
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      // `import { type A, type B } from` runs nothing (with verbatimModuleSyntax it is still
      // imported for its side effects; we follow the bundler, which drops it).
      const bindings = clause?.namedBindings;
      if (clause !== undefined && clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)) continue;
      out.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

const graph = new Map();
for (const project of PROJECTS) {
  const configPath = path.join(root, project.config);
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
  const host = ts.createCompilerHost(parsed.options);
  const inDirs = (file) => project.dirs.some((dir) => file.startsWith(path.join(root, dir) + path.sep));
  for (const file of parsed.fileNames.filter((f) => inDirs(f) && !f.endsWith('.d.ts'))) {
    if (graph.has(file)) continue;
    const sourceFile = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false);
    const targets = new Set();
    for (const specifier of runtimeImports(sourceFile)) {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, host).resolvedModule;
      if (resolved === undefined || resolved.isExternalLibraryImport || !inDirs(resolved.resolvedFileName)) continue;
      targets.add(resolved.resolvedFileName);
    }
    graph.set(file, [...targets]);
  }
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const indices = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(start) {
  // Iterative, so a deep import chain cannot overflow the call stack.
  const work = [[start, 0]];
  indices.set(start, index);
  low.set(start, index++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    const next = graph.get(node) ?? [];
    if (i < next.length) {
      frame[1] += 1;
      const target = next[i];
      if (!indices.has(target)) {
        indices.set(target, index);
        low.set(target, index++);
        stack.push(target);
        onStack.add(target);
        work.push([target, 0]);
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), indices.get(target)));
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component);
    }
  }
}
for (const file of graph.keys()) if (!indices.has(file)) connect(file);

/** One shortest loop through the component, from its first file (breadth-first). */
function loopOf(component) {
  const members = new Set(component);
  const [first] = [...component].sort();
  const previous = new Map([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === first) {
        const loop = [first];
        for (let at = node; at !== first; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, first];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

const rel = (file) => path.relative(root, file);
if (cycles.length === 0) {
  console.log(`check-cycles: no import cycle in ${graph.size} files.`);
} else {
  for (const component of cycles) {
    console.error(`Import cycle (${component.length} files): ${loopOf(component).map(rel).join(' → ')}`);
    if (component.length > 2) console.error(`  all of them: ${component.map(rel).sort().join(', ')}`);
  }
  console.error(`check-cycles: ${cycles.length} import cycle(s). Move what both sides need to a file both import (docs/modules.md).`);
  process.exitCode = 1;
}
