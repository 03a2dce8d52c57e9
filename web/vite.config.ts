import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The SDK (workspace package @stammtisch/sdk) is the app's only way to the server. Vite bundles the source of the
// package's browser entry, so `npm start` and the tests build the app without building the SDK's dist/ first.
const sdk = fileURLToPath(new URL('../sdk/browser.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@stammtisch/sdk': sdk } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  server: {
    proxy: { '/v1': 'http://127.0.0.1:8787', '/ws': { target: 'ws://127.0.0.1:8787', ws: true } },
  },
});
