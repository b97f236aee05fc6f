import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isPublicPagePath, PUBLIC_PAGE_FILE } from './common/public-pages';

const THEME_COLOR = '#0d4f73';
const API_SERVER = 'http://127.0.0.1:8080';

// Rolldown ignores `sideEffects: false` of @ionic/core/components: say it here, or every Ionic
// component lands in the entry chunk (STACK.md: Ionic 242 → 150 KiB gz). CSS keeps its effects.
const IONIC_COMPONENTS = /[\\/]node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/;

const IONIC_REACT_INDEX = /[\\/]node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
const APP_SOURCE = /[\\/]src[\\/].*\.tsx?$/;
const PROXY_PREFIX = '\0ionic-react-proxy:';
/** Internal factories of @ionic/react that the moved components need, exported under these names. */
const FACTORIES = {
  createRoutingComponent: '__vigieRouting',
  createInlineOverlayComponent: '__vigieOverlay',
  useController: '__vigieUseController',
} as const;

/**
 * @ionic/react is one module: a component used only by a lazy page (the login's IonInput, the
 * shell's IonMenu, a dialog's IonModal) stays in the entry chunk with that module (STACK.md).
 * So each simple component moves to a module of its own, which the bundler places in the chunk
 * of the pages that use it:
 * - the 71 plain proxies (`createComponent({...})`, needing only React, Stencil's runtime and
 *   their core element) move out of the index, which re-exports them;
 * - the routing and overlay components (IonButton, IonItem, IonModal, IonToast...) and the
 *   controller hooks (useIonToast...) are built by factories of the index: the index exports
 *   those factories and the app's imports of these are pointed at their own modules (the index cannot import them back: a
 *   cycle would run them before the factories exist);
 * - the index's other top-level components are marked pure, so unused ones (IonNav, IonTabs,
 *   IonRouterOutlet, IonBackButton) are dropped instead of kept for a possible side effect.
 * Hand-written components sharing the index's contexts (IonApp, IonTabBar...) stay in it.
 * Build only: tests import the package as published.
 */
function splitIonicReact(): Plugin {
  const modules = new Map<string, { importer: string; imports: string[]; body: string }>();
  /** Components the app imports from their own module (the factory-built ones). */
  const redirected = new Set<string>();
  let index: { id: string; code: string } | undefined;
  return {
    name: 'vigie:split-ionic-react',
    apply: 'build',
    enforce: 'pre',
    // The app's sources are transformed before the index is loaded: split it up front, so the
    // list of redirected components is known when the first source file comes.
    async buildStart() {
      const resolved = await this.resolve('@ionic/react', resolve('index.html'));
      if (resolved === null) throw new Error('@ionic/react not found');
      index = { id: resolved.id, code: splitIndex(await readFile(resolved.id, 'utf8'), resolved.id) };
    },
    transform(code, id) {
      if (IONIC_REACT_INDEX.test(id)) return { code: id === index?.id ? index.code : splitIndex(code, id), map: null };
      if (APP_SOURCE.test(id) && !id.includes('node_modules') && code.includes("'@ionic/react'")) {
        return { code: redirectImports(code), map: null };
      }
      return null;
    },
    resolveId(source) {
      return source.startsWith(PROXY_PREFIX) ? source : null;
    },
    async load(id) {
      if (!id.startsWith(PROXY_PREFIX)) return null;
      const module = modules.get(id.slice(PROXY_PREFIX.length));
      if (module === undefined) return null;
      // Bare specifiers resolved from the package's own folder, as its index would.
      const imports = await Promise.all(
        module.imports.map(async (line) => {
          const specifier = /from '([^']+)';$/.exec(line)?.[1] ?? '';
          const resolved = await this.resolve(specifier, module.importer);
          return resolved ? line.replace(`'${specifier}'`, JSON.stringify(resolved.id)) : line;
        }),
      );
      return { code: `${imports.join('\n')}\n${module.body}`, moduleSideEffects: false };
    },
  };

  function importLineOf(code: string, binding: string): string | undefined {
    return code.split('\n').find((line) => line.startsWith('import ') && new RegExp(` as ${binding.replace(/\$/g, '\\$')}[ ,]`).test(line));
  }

  function splitIndex(code: string, id: string): string {
    const reexports: string[] = [];
    const proxy = /^const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\n[\s\S]*?\n\}\);\n/gm;
    let out = code.replace(proxy, (whole, name: string) => {
      const element = /elementClass: ([\w$]+),/.exec(whole)?.[1];
      const define = /defineCustomElement: ([\w$]+)\n/.exec(whole)?.[1];
      const source = element && define ? importLineOf(code, element) : undefined;
      // Not the shape this split knows: leave the component in the index.
      if (source === undefined || !source.includes(` as ${define} `)) return whole;
      modules.set(name, {
        importer: id,
        imports: ["import React from 'react';", "import { createComponent } from '@stencil/react-output-target/runtime';", source],
        body: `export ${whole}`,
      });
      reexports.push(`import { ${name} } from '${PROXY_PREFIX}${name}';`);
      return '';
    });
    const built = /^const (Ion\w+) = \/\*@__PURE__\*\/ (createRoutingComponent|createInlineOverlayComponent)\('[\w-]+', ([\w$]+)(?:, true)?\);$/gm;
    for (const [whole, name, factory, binding] of code.matchAll(built)) {
      const source = binding === undefined ? undefined : importLineOf(code, binding);
      if (source === undefined || name === undefined || factory === undefined) continue;
      const alias = FACTORIES[factory as keyof typeof FACTORIES];
      modules.set(name, {
        importer: id,
        imports: [`import { ${alias} as ${factory} } from '@ionic/react';`, source],
        body: `export ${whole}`,
      });
      redirected.add(name);
    }
    // The controller hooks (useIonToast...) likewise: each imports the index's useController.
    const hook = /^function (useIon\w+)\(\) \{\n {4}const controller = useController\('\w+', (\w+Controller), ([\w$]+)\);\n[\s\S]*?\n\}$/gm;
    for (const [whole, name, controller, define] of code.matchAll(hook)) {
      const source = define === undefined ? undefined : importLineOf(code, define);
      if (source === undefined || name === undefined || controller === undefined) continue;
      modules.set(name, {
        importer: id,
        imports: [
          "import { useCallback } from 'react';",
          `import { ${FACTORIES.useController} as useController } from '@ionic/react';`,
          `import { ${controller} } from '@ionic/core/components';`,
          source,
        ],
        body: `export ${whole}`,
      });
      redirected.add(name);
    }
    out = out
      .replace(/ = createForwardRef\(/g, ' = /*@__PURE__*/ createForwardRef(')
      // Likewise the unannotated top-level calls (IonNav's element, IonTabBar's memo, contexts):
      // kept, they keep IonNav's, IonTabBar's and IonTabButton's core elements in the shell.
      .replace(/^const ([\w$]+) = (React\.memo|React\.createContext|createReactComponent)\(/gm, 'const $1 = /*@__PURE__*/ $2(')
      // A class whose base is read from React counts as a side effect; a local base does not.
      .replace(/ extends React\.(Component|PureComponent) \{/g, ' extends React$$$1 {');
    const factories = Object.entries(FACTORIES).map(([name, alias]) => `${name} as ${alias}`).join(', ');
    return `${reexports.join('\n')}\nconst React$Component = React.Component, React$PureComponent = React.PureComponent;\n${out}\nexport { ${factories} };\n`;
  }

  function redirectImports(code: string): string {
    return code.replace(/^import \{([^}]*)\} from '@ionic\/react';$/gm, (whole, list: string) => {
      const names = list.split(',').map((part) => part.trim()).filter(Boolean);
      const moved = names.filter((name) => redirected.has(name));
      if (moved.length === 0) return whole;
      const kept = names.filter((name) => !redirected.has(name));
      return [
        ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from '@ionic/react';`] : []),
        ...moved.map((name) => `import { ${name} } from '${PROXY_PREFIX}${name}';`),
      ].join('\n');
    });
  }
}

/**
 * The public pages' light entry (public.html, src/public/main.tsx; common/public-pages.ts): its
 * stylesheet is inlined in the page (its own <style>, built from src/public/public.css), so
 * the whole app's stylesheet (`cssCodeSplit: false` links it into every page) is taken out of it.
 * The dev and preview servers answer the public paths with it, as the server does.
 */
function publicPages(): Plugin {
  const serve: Connect.NextHandleFunction = (request, _response, next) => {
    const [path = '/', query] = (request.url ?? '/').split('?');
    if ((request.method === 'GET' || request.method === 'HEAD') && isPublicPagePath(path)) {
      request.url = `/${PUBLIC_PAGE_FILE}${query === undefined ? '' : `?${query}`}`;
    }
    next();
  };
  return {
    name: 'vigie:public-pages',
    configureServer(server) {
      server.middlewares.use(serve);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serve);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.path.endsWith(`/${PUBLIC_PAGE_FILE}`)) return html;
        // React DOM is imported by the entry's code (its evaluation a task of its own): preloaded
        // here, it downloads with the entry instead of after it.
        const { chunk, bundle } = context;
        const reactDom = (chunk?.dynamicImports ?? []).flatMap((file) => {
          const imported = bundle?.[file];
          return imported?.type === 'chunk' && imported.moduleIds.some((id) => /[\\/]react-dom[\\/]/.test(id)) ? [file, ...imported.imports] : [];
        });
        const preloads = [...new Set(reactDom)].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace(/\s*<link rel="stylesheet"[^>]*>/g, '').replace('</head>', `${preloads.join('\n    ')}\n  </head>`);
      },
    },
  };
}

// wasm: the scanner's decoder (1.07 MB; 357 kB with Brotli).
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes .br and .gz beside every text file of the build, which the server sends to browsers
 * that accept them (server/src/static.ts preCompressed): the app's JS is a third of its size
 * gzipped, and a phone on a weak network pays for every byte. Done once here, at the highest
 * levels, rather than on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vigie:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      for (const file of files) {
        const path = join(outDir, file);
        const content = await readFile(path);
        if (content.length < COMPRESS_MIN_BYTES) continue;
        await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The app's entry in one file, and what it shares with the public pages in another. Left to the
 * bundler's automatic splitting, the entry's static imports came in 39 files: a module also
 * imported by some lazy chunks went to a chunk of its own for each set of importers, most under
 * a kilobyte (the router's hooks, the stores, the rights). Each file is a request, on a phone
 * a task to receive it and one to evaluate it, and on an installed app a fetch event of the
 * service worker; together they came before any first screen. The two groups below follow the
 * module graph: what both entries import statically ('shared'), and what only the app's entry
 * does ('app'), both among the modules the entries' code reaches once unused imports are dropped
 * ($initial: a module graph's import of a library's index names more than is kept). A lazy
 * chunk needing one of these modules imports it from them, already loaded.
 */
function entryChunks(): { plugin: Plugin; groups: { name: (id: string) => string | null; priority: number; tags: ['$initial'] }[] } {
  const shared = new Set<string>();
  const appOnly = new Set<string>();
  const plugin: Plugin = {
    name: 'vigie:entry-chunks',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const closure = (root: string) => {
        const reached = new Set<string>();
        const stack = [root];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (reached.has(id)) continue;
          reached.add(id);
          stack.push(...imports(id));
        }
        return reached;
      };
      const fromApp = closure(resolve('index.html'));
      const fromPublic = closure(resolve(PUBLIC_PAGE_FILE));
      shared.clear();
      appOnly.clear();
      for (const id of fromApp) (fromPublic.has(id) ? shared : appOnly).add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: (id) => (shared.has(id) ? 'shared' : null), priority: 2, tags: ['$initial'] },
      { name: (id) => (appOnly.has(id) ? 'app' : null), priority: 1, tags: ['$initial'] },
    ],
  };
}
const entry = entryChunks();

export default defineConfig({
  plugins: [
    splitIonicReact(),
    entry.plugin,
    react(),
    publicPages(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/lib/sw-bridge.ts registers the worker (production builds only).
      injectRegister: false,
      manifest: {
        name: 'Vigie',
        short_name: 'Vigie',
        description: 'Site and safety management for district staff.',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        id: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The map's library (its chunk, worker and stylesheet) is listed too, but the worker
        // keeps it only once a map was opened (sw/sw.ts): most users never open the map.
        // wasm: the scanner's barcode decoder (zxing-wasm, about 1 MiB), read offline in an audit.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,wasm}', 'locales/**/*.json'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API_SERVER },
      '/ws': { target: API_SERVER, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_SERVER },
      '/ws': { target: API_SERVER, ws: true },
    },
  },
  build: {
    // The entry's own imports are preloaded by index.html's <link rel="modulepreload">, read by
    // the browser's preload scanner at no cost to the page. A dynamic import's chunks are not:
    // Vite's helper would append a <link> per dependency from script, checking each against
    // every link already there, about 1.5 ms of main thread per link on a phone and some forty
    // on the dashboard's start, its longest task. Without them the browser fetches a chunk's
    // imports once it has the chunk; measured, the dashboard's LCP stayed the same and its
    // blocking time halved (docs/performance.md, "What the first screen is made of"). Stylesheets are still loaded.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
    },
    // One stylesheet, loaded by index.html before the first paint: 6.8 KiB gzipped instead of
    // 4.0 plus a dozen small ones that the pages' chunks inserted as they loaded. Each of those
    // arrived mid-start and restyled the whole document (a task of 15 to 20 ms on the
    // dashboard's start, four times that in Lighthouse's phone model); the app's own class
    // names are prefixed per feature, so nothing collides.
    cssCodeSplit: false,
    rolldownOptions: {
      // The app, and the public pages' light entry (publicPages above).
      input: { index: resolve('index.html'), public: resolve(PUBLIC_PAGE_FILE) },
      output: { codeSplitting: { groups: entry.groups } },
      treeshake: {
        moduleSideEffects: (id) => (IONIC_COMPONENTS.test(id) && !id.endsWith('.css') ? false : undefined),
      },
    },
  },
});
