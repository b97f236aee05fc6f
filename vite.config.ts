import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#0d4f73';
const API_SERVER = 'http://127.0.0.1:8080';

// Rolldown ignores `sideEffects: false` of @ionic/core/components: say it here, or every Ionic
// component lands in the entry chunk (STACK.md: Ionic 242 → 150 KiB gz). CSS keeps its effects.
const IONIC_COMPONENTS = /[\\/]node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/;

export default defineConfig({
  plugins: [
    react(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'locales/**/*.json'],
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
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (IONIC_COMPONENTS.test(id) && !id.endsWith('.css') ? false : undefined),
      },
    },
  },
});
