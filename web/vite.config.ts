import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The SDK is the app's only way to the server. Until `sdk/` is an installed workspace package, its source is
// aliased under the package name, so switching to the package is deleting this alias.
const sdk = fileURLToPath(new URL('../sdk/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@stammtisch/sdk': sdk } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  server: {
    proxy: { '/v1': 'http://127.0.0.1:8787', '/ws': { target: 'ws://127.0.0.1:8787', ws: true } },
  },
});
