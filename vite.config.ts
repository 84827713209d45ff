import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { rolldown } from 'rolldown';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The API lives on the Fastify server; in dev Vite forwards these prefixes to it. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
const API_PREFIXES = ['/rest', '/public', '/docs', '/healthz'];

const THEME_COLOUR = '#0b2545';
const BACKGROUND_COLOUR = '#f3f5f9';

/**
 * One module per Lucide icon. `react-icons/lu` is a single 790 KB module: tree-shaking keeps every icon any screen
 * uses, and that one module lands in the shell chunk because the shell imports a few of them (16 KB gzipped of
 * icons on the first load, nearly all for later screens). Each `import { LuX } from 'react-icons/lu'` of the app
 * becomes an import of a module holding that icon alone, the very same function as in the package (GenIcon of the
 * same tree), so an icon loads with the chunk that uses it. Build only: vitest and tsc see the package as it is.
 */
function lucideIconPerModule(): Plugin {
  const PREFIX = 'lucide-icon:';
  let icons: Map<string, string> | undefined;
  const iconSource = (name: string) => {
    if (!icons) {
      icons = new Map();
      const all = readFileSync(r('./node_modules/react-icons/lu/index.mjs'), 'utf8');
      for (const m of all.matchAll(/^export function (Lu\w+) \(props\) \{\n {2}return GenIcon\((.*)\)\(props\);\n\};$/gm)) {
        icons.set(m[1], m[2]);
      }
    }
    return icons.get(name);
  };
  return {
    name: 'lucide-icon-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('react-icons/lu')) return null;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/lu['"];?/g, (_all, list: string) =>
        list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((spec) => {
            const [name] = spec.split(/\s+as\s+/);
            if (!iconSource(name)) throw new Error(`${id}: no icon ${name} in react-icons/lu`);
            return `import { ${spec} } from '${PREFIX}${name}';`;
          })
          .join('\n'),
      );
      return out === code ? null : { code: out, map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      return `import { GenIcon } from 'react-icons/lib';\nexport function ${name}(props) {\n  return GenIcon(${iconSource(name)})(props);\n}\n`;
    },
  };
}

/**
 * `<link rel="modulepreload">` for the chunks the entry imports statically (the framework chunk above all). With
 * `build.modulePreload: false` the page lists only the entry, and the browser asks for the framework once it has the
 * entry and has parsed it: a round trip more before the first render (on a patrol's slow 4G, ~150 ms and the
 * framework's transfer not overlapping the entry's). Lazy chunks keep no preload lists (see modulePreload below).
 */
/**
 * The lazy chunks of the screens an app start lands on: the dashboard's panels, a patrol's Syif saya and its GPS chip
 * and banner (src/app/shell/gps-slots.tsx).
 */
const FIRST_SCREEN_PARTS =
  /^assets\/(incident-dashboard|dashboard-queries|roster-dashboard|handover-panel|field-report-panel|syifsaya|db|position-status)-[\w-]+\.js$/;

function preloadEntryImports(): Plugin {
  return {
    name: 'preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entry = ctx.chunk;
        if (!entry || !ctx.bundle) return [];
        const seen = new Set<string>();
        const walk = (file: string) => {
          const c = ctx.bundle?.[file];
          if (c?.type !== 'chunk') return;
          for (const dep of c.imports) {
            if (seen.has(dep)) continue;
            seen.add(dep);
            walk(dep);
          }
        };
        walk(entry.fileName);
        return [...seen].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Chakra's style engine asks `conditions.has(key)` for every key of every style object it resolves (each component's
 * render, and every token while the system is created), and `has` built the array of all condition names anew for
 * each question (`Object.keys(values).includes(key)`): a fifth of createSystem's time, on the first page's longest
 * task. The names never change after creation, so a Set answers the same. The package's own module, patched at build
 * time (the source must match, or the build fails: a Chakra update is then checked by hand).
 */
function chakraConditionsSet(): Plugin {
  const FROM = `  function has(key) {
    return keys().includes(key) || SPECIAL_KEY_REGEX.test(key) || key.startsWith("_");
  }`;
  const TO = `  const keySet = new Set(Object.keys(values));
  function has(key) {
    return keySet.has(key) || SPECIAL_KEY_REGEX.test(key) || key.startsWith("_");
  }`;
  return {
    name: 'chakra-conditions-set',
    apply: 'build',
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]conditions\.js$/.test(id)) return null;
      if (!code.includes(FROM)) this.error('chakra-conditions-set: conditions.js changed; check the patch against the new source');
      return { code: code.replace(FROM, TO), map: null };
    },
  };
}

/**
 * Chakra memoises its style functions (css, recipes, token lookups) on a string key: `simpleHash` writes each argument
 * out, an object's keys sorted, and an LRU cache of 500 answers moves an entry to the end on every hit (a Map delete and
 * set keyed by that string). On the dashboard's load at 4× CPU the cache's `get` was 129 ms of self time and
 * `simpleHash` 58 ms. Here the keys are written in the objects' own order (the same code builds the same object in
 * the same order; another order only misses the cache and computes the same answer), and a hit moves its entry to the
 * end only once the entry has aged past half the cache (a count of insertions): most hits read the Map and move
 * nothing, and an entry in use is never the oldest, so what is evicted is still one not used lately. Patched at build
 * time like chakraConditionsSet.
 */
function chakraMemoLighter(): Plugin {
  const PATCHES: [string, string][] = [
    ['    const keys = Object.keys(value).sort();', '    const keys = Object.keys(value);'],
    [
      `  get(key) {
    const value = this.cache.get(key);
    if (value !== void 0) {
      this.cache.delete(key);
      this.cache.set(key, value);
    }
    return value;
  }`,
      `  get(key) {
    const entry = this.cache.get(key);
    if (entry === void 0) return void 0;
    if (this.seq - entry.at > this.maxSize / 2) {
      this.cache.delete(key);
      entry.at = ++this.seq;
      this.cache.set(key, entry);
    }
    return entry.value;
  }`,
    ],
    [
      `    this.cache.set(key, value);
  }
  clear() {`,
      `    this.seq = (this.seq ?? 0) + 1;
    this.cache.set(key, { value, at: this.seq });
  }
  clear() {`,
    ],
  ];
  return {
    name: 'chakra-memo-lighter',
    apply: 'build',
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]utils[\\/]memo\.js$/.test(id)) return null;
      let out = code;
      for (const [from, to] of PATCHES) {
        if (!out.includes(from)) this.error('chakra-memo-lighter: memo.js changed; check the patch against the new source');
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Chakra's global CSS made at build time instead of on every start. `createSystem` builds `system._global` (the
 * reset, the app's global styles and a CSS variable for every token, light and night) and `<ChakraProvider>` has
 * emotion compile and insert it: on a tablet's CPU (4× slower) about 400 ms for the tokens' CSS, 160 ms for the
 * global styles and 90 ms of emotion's, the largest part of the first page's longest task. Here the build runs the
 * same theme (src/app/theme.ts) through the same emotion code in Node (scripts/theme-css.ts, bundled with rolldown
 * so that Node loads only what it needs), and the text becomes a stylesheet (`virtual:chakra-global.css`, imported
 * by src/main.tsx, in the page's CSS file); the package's system then leaves `_global` empty (a patch of its own
 * module, like chakraConditionsSet: the source must match, or the build fails). In dev Chakra still makes it at run
 * time and the virtual stylesheet is empty. tests/unit/theme-css.test.ts checks the text against the system.
 */
function chakraGlobalCssPrebuilt(): Plugin {
  const ID = 'virtual:chakra-global.css';
  const RESOLVED = `\0${ID}`;
  const FROM = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const TO = '  const _global = [];';
  let build = false;
  let css: Promise<string> | undefined;
  const make = async () => {
    const bundle = await rolldown({
      input: r('./scripts/theme-css.ts'),
      platform: 'node',
      logLevel: 'silent',
      resolve: { alias: { '@chakra-theme': r('./node_modules/@chakra-ui/react/dist/esm/theme') } },
      external: [/^react/, /^@emotion\//],
    });
    const dir = r('./node_modules/.cache/lebuhraya');
    mkdirSync(dir, { recursive: true });
    const file = `${dir}/theme-css-${process.pid}-${Date.now()}.mjs`;
    await bundle.write({ file, format: 'esm' });
    await bundle.close();
    try {
      const mod = (await import(pathToFileURL(file).href)) as { themeGlobalCss: () => string };
      return mod.themeGlobalCss();
    } finally {
      rmSync(file, { force: true });
    }
  };
  return {
    name: 'chakra-global-css-prebuilt',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!build) return '';
      css ??= make();
      return css;
    },
    transform(code, id) {
      if (!build || !/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/.test(id)) return null;
      if (!code.includes(FROM)) this.error('chakra-global-css-prebuilt: system.js changed; check the patch against the new source');
      return { code: code.replace(FROM, TO), map: null };
    },
  };
}

/**
 * The night theme's boot script (src/app/theme-boot.js) written into index.html's head instead of loaded from its own
 * file: a render-blocking script in the head held the first paint of every screen for a round trip (Lighthouse: about
 * 300 ms on the mobile preset's slow 4G). The CSP allows it by its hash, which the server takes from the index.html
 * it serves (server/plugins/security.ts, inlineScriptHashes).
 */
function inlineThemeBoot(): Plugin {
  const TAG = '<script src="/theme-boot.js"></script>';
  return {
    name: 'inline-theme-boot',
    // before Vite's own pass over the page's scripts (it would warn that a classic script file cannot be bundled)
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(TAG)) throw new Error('inline-theme-boot: index.html no longer loads /theme-boot.js');
        const code = readFileSync(r('./src/app/theme-boot.js'), 'utf8').trim();
        return html.replace(TAG, () => `<script>${code}</script>`);
      },
    },
  };
}

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@contract$/, replacement: r('./contract/index.ts') },
      { find: /^@contract\/(.*)$/, replacement: r('./contract/$1') },
      { find: /^@\/(.*)$/, replacement: r('./src/$1') },
      // Dexie's ES2018 module build instead of its ES5 UMD one (the package's browser entry wraps that): ~1 KB less
      { find: /^dexie$/, replacement: r('./node_modules/dexie/dist/modern/dexie.mjs') },
      // one module of Chakra's theme (src/app/theme.ts): the package only exports the index of all of them
      { find: /^@chakra-theme\/(.*)$/, replacement: r('./node_modules/@chakra-ui/react/dist/esm/theme/$1.js') },
    ],
  },
  plugins: [
    lucideIconPerModule(),
    chakraConditionsSet(),
    chakraMemoLighter(),
    chakraGlobalCssPrebuilt(),
    preloadEntryImports(),
    inlineThemeBoot(),
    // The router plugin must come before the React plugin.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      autoCodeSplitting: true,
      // The dashboard ('/') is where the app starts (the manifest's start_url) and where sign-in leads for nearly
      // every role: it ships with the shell instead of as a route chunk, so the first screen needs no second
      // round trip and its modules do not become a handful of small shared chunks. So does the sign-in screen (9 KB,
      // already on the first load): its largest text was painted a round trip after the shell. Other routes stay split.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' || routeId === '/signin' ? [] : undefined) },
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // the app registers the worker itself (src/app/update-prompt.tsx) and asks before updating
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['icons/logo.svg', 'icons/favicon.svg'],
      manifest: {
        id: '/',
        name: 'Lebuhraya Ops',
        short_name: 'Lebuhraya',
        description: 'Portal Pusat Kawalan Trafik Lebuhraya: insiden, rondaan dan jadual tugas.',
        lang: 'ms',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // DIST_DIR lets parallel builds of one checkout keep apart (default dist)
    outDir: `${process.env.DIST_DIR || 'dist'}/client`,
    emptyOutDir: true,
    target: 'es2022',
    // PROFILE_BUILD=1: maps and readable names for a profile of the built app (bench/profile-load.mjs); never shipped
    sourcemap: process.env.PROFILE_BUILD === '1',
    minify: process.env.PROFILE_BUILD !== '1',
    // Preload lists for the first screens' lazy parts only. With a list, a lazy import asks for the chunk and every
    // chunk it imports at once; without one the browser learns a chunk's imports only once it has parsed it, and the
    // dashboard's panels came in five levels, a round trip each on a patrol's slow 4G before their data was even asked
    // for. Every lazy import with a list was 6 KB of the shell's gzipped JavaScript (78 routes), so the other lazy
    // imports keep none: links preload their route on intent (hover, focus: defaultPreload in src/app/router.tsx), and
    // the service worker serves every chunk from its precache. The entry's own imports: preloadEntryImports above.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps, { hostType }) => (hostType === 'js' && FIRST_SCREEN_PARTS.test(filename) ? deps : []),
    },
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Heavy libraries of later screens: their own chunks, so they never land in the shell. Everything else
            // is split by route (autoCodeSplitting): a component only one screen uses loads with that screen.
            { name: 'ol', test: /node_modules[\\/](ol|ol-[^\\/]+|rbush|earcut|geotiff|proj4)[\\/]/, priority: 30 },
            {
              name: 'charts',
              test: /node_modules[\\/](echarts|zrender|chart\.js|react-chartjs-2|recharts|d3-[^\\/]+|victory[^\\/]*)[\\/]/,
              priority: 30,
            },
            // papaparse: the CSV import screens only
            { name: 'csv', test: /node_modules[\\/]papaparse[\\/]/, priority: 30 },
            // The framework every screen needs (the signed-in shell and /signin alike): one chunk compresses better
            // than the dozen small shared chunks the automatic split makes of it. Not in it: what only some screens
            // use (Dexie, react-hook-form, zod/mini, TanStack Table of the administration lists), which loads with the
            // first screen that needs it. (A group of its own would pull React into it: groups take their dependencies.)
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-table|table-core)[^\\/]+|@emotion[\\/][^\\/]+|ky|workbox-window)[\\/]/,
              // before the heavy groups: a group takes its modules' dependencies, and the charts group took React itself
              // (recharts imports it), which made every chunk, /signin's too, import the 130 KB charts chunk
              priority: 40,
            },
            // Everything else the entry imports statically (app shell, Chakra, what shows at once): one chunk.
            // Without it, each module that an on-demand chunk (src/ui/on-demand.ts) shares with the shell became a
            // chunk of its own, dozens of tiny ones that compress badly.
            { name: 'shell', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
});
