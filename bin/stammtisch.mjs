#!/usr/bin/env node
// The `stammtisch` CLI: runs cli/main.ts through tsx so the TypeScript sources need no build step.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const result = spawnSync(process.execPath, [tsxCli, join(root, 'cli', 'main.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
