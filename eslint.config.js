// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  patterns: ['node:*', '@aws-sdk/*', 'hono/*', '@hono/*', '../functions/*', '../../functions/*', '../infra/*'],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'dist/**', 'coverage/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
);
