// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layer boundaries, checked on the resolved path of every relative import/export (any depth of `../`):
 * `from` is a folder prefix of the importing file, `only` the prefixes it may reach, `not` the ones it must not.
 * test/functions/boundaries.test.ts proves each zone with a fixture.
 */
const ZONES = [
  {
    from: 'web/src/',
    only: ['web/src/'],
    message: 'the web app reaches the server through @stammtisch/sdk only: no relative imports outside web/src/',
  },
  {
    from: 'engine/',
    only: ['engine/'],
    message: 'engine/ is pure and stands alone: it imports nothing outside engine/',
  },
  {
    from: 'functions/',
    not: ['local/', 'infra/'],
    message: 'functions/ runs on Lambda: it may not import local/ or infra/',
  },
  {
    from: 'functions/ws/',
    not: ['functions/http/'],
    message: 'the WebSocket transport may not import the HTTP one (share code via functions/edge/)',
  },
  {
    from: 'functions/http/',
    not: ['functions/ws/'],
    message: 'the HTTP transport may not import the WebSocket one (share code via functions/edge/)',
  },
];

/** @type {import('eslint').ESLint.Plugin} */
const boundaries = {
  rules: {
    zones: {
      meta: { type: 'problem', schema: [], messages: { crossed: '{{message}} (imports {{target}})' } },
      create(context) {
        const root = context.cwd;
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        const zones = ZONES.filter((z) => file.startsWith(z.from));
        if (zones.length === 0) return {};
        /** @param {any} node */
        const check = (node) => {
          const source = node.source;
          if (source === null || source === undefined || source.type !== 'Literal' || typeof source.value !== 'string')
            return;
          if (!source.value.startsWith('.')) return;
          const target = path
            .relative(root, path.resolve(path.dirname(context.filename), source.value))
            .split(path.sep)
            .join('/');
          for (const z of zones) {
            const outside = z.only !== undefined && !z.only.some((p) => (target + '/').startsWith(p));
            const banned = z.not !== undefined && z.not.some((p) => (target + '/').startsWith(p));
            if (outside || banned)
              context.report({ node: source, messageId: 'crossed', data: { message: z.message, target } });
          }
        };
        return {
          ImportDeclaration: check,
          ExportAllDeclaration: check,
          ExportNamedDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

const impure = {
  paths: [
    'fs',
    'path',
    'crypto',
    'os',
    'http',
    'https',
    'net',
    'child_process',
    'hono',
    'aws-lambda',
    'ws',
    'dynalite',
  ],
  // Imports outside engine/ (any depth of ../) are stopped by boundaries/zones below.
  patterns: ['node:*', '@aws-sdk/*', 'hono/*', '@hono/*'],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'dist/**', 'sdk/dist/**', 'coverage/**', '.data/**', 'web/dist/**', 'artefacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['engine/**/*.ts', 'functions/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { boundaries },
    rules: { 'boundaries/zones': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The engine is pure and deterministic: no I/O, no clock, no Math.random (STYLE.md 4).
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', impure],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'engine/ is deterministic: randomness comes in as data (Rng with a seed).',
        },
        { object: 'Date', property: 'now', message: 'engine/ has no clock: time comes in as data.' },
        { object: 'performance', property: 'now', message: 'engine/ has no clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'engine/ has no clock: time comes in as data.' },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch', 'setTimeout', 'setInterval', 'console', 'require'],
    },
  },
  {
    // Node scripts (the CLI launcher, benchmark runners).
    files: ['**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly' },
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The web app's bundle: browser code may not reach node:* (and the SDK is its only way to the server).
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '**/functions/**', '**/engine/**', '**/local/**'], paths: ['ws', 'hono'] },
      ],
    },
  },
);
