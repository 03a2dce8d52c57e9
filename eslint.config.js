// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layer boundaries, checked on the resolved path of every relative import/export (any depth of `../`):
 * `from` is a folder prefix of the importing file (`except` prefixes it leaves out), `only` the prefixes it may reach,
 * `not` the ones it must not, `unless` targets (regular expressions over the resolved path) a `not` lets through.
 * test/lint/zones.test.ts proves every zone with a forbidden import in a scratch file (and test/functions/boundaries).
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
    from: 'engine/variants/',
    not: ['engine/game/', 'engine/registry', 'engine/record/', 'engine/bots/', 'engine/text/', 'engine/index'],
    message: 'a variant is rules over the trick core: it may not import the table, the registry, records, bots or text',
  },
  {
    // The core, the bots and the text layer ask the registry (engine/registry.ts): they name no variant's folder.
    from: [
      'engine/game/',
      'engine/record/',
      'engine/tournament/',
      'engine/bots/',
      'engine/text/',
      'engine/variant.ts',
      'engine/actions.ts',
      'engine/sim.ts',
    ],
    not: ['engine/variants/'],
    unless: [/^engine\/variants\/(family\/|common|define|options)/],
    message: "the engine's core asks the registry: it may not import a variant's folder",
  },
  {
    from: 'engine/tricks/',
    not: ['engine/variants/', 'engine/registry', 'engine/game/'],
    message: 'the trick core serves every variant: it may not import one (nor the registry or the table)',
  },
  {
    from: 'engine/cards/',
    not: ['engine/variants/', 'engine/registry', 'engine/game/'],
    message: 'the cards serve every variant: they may not import one (nor the registry or the table)',
  },
  {
    from: 'functions/',
    not: ['local/', 'infra/', 'adapters/', 'engine/'],
    // The engine's public surfaces: its index and the index of a folder (engine/bots/index.ts, a variant's index.ts).
    unless: [/^engine\/([a-z-]+\/)*index(\.js)?$/],
    message:
      "functions/ runs on Lambda: it may not import local/, infra/ or the chat adapters, and reaches the engine only through an index (never a variant's internals)",
  },
  {
    from: 'functions/use-cases/',
    not: ['functions/http/', 'functions/ws/', 'functions/adapters/dynamodb/', 'functions/composition/'],
    message:
      'a use case works over ports: it may not import a transport (http, ws), the DynamoDB adapters or the wiring',
  },
  // The slices (functions/README.md "Slices"): tables (functions/use-cases/), webhooks (functions/use-cases/webhook*)
  // and tournaments (functions/tournaments/). A slice reaches another only through its index (the tables':
  // functions/use-cases/index.ts) and the shared kernel (functions/use-cases/kernel.ts, errors.ts).
  {
    from: 'functions/use-cases/',
    except: ['functions/use-cases/webhook'],
    not: ['functions/use-cases/webhook', 'functions/tournaments/'],
    message: 'the tables slice knows no other slice: it may not import the webhooks or the tournaments',
  },
  {
    from: 'functions/use-cases/webhook',
    not: ['functions/use-cases/', 'functions/tournaments/'],
    unless: [/^functions\/use-cases\/(index|kernel|errors|webhook[a-z-]*)(\.js)?$/],
    message:
      "the webhooks slice reaches the tables' use cases only through their index (functions/use-cases/index.ts) and the kernel (kernel.ts, errors.ts)",
  },
  {
    from: 'functions/tournaments/',
    not: ['functions/use-cases/'],
    unless: [/^functions\/use-cases\/(index|kernel|errors)(\.js)?$/],
    message:
      "the tournaments slice reaches the tables' use cases only through their index (functions/use-cases/index.ts) and the kernel (kernel.ts, errors.ts)",
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
  {
    from: 'adapters/',
    not: ['functions/', 'local/', 'infra/'],
    message: 'a chat adapter is an SDK client: it may not import server internals (functions/, local/, infra/)',
  },
  {
    from: 'infra/',
    not: ['local/', 'adapters/'],
    message: 'infra/ describes the AWS deployment: it may not import local/ or the chat adapters',
  },
];

/**
 * The variant ids: the folders of engine/variants/ but the shared `family/`. Outside a variant's folder no code names
 * one (`boundaries/variant-ids`): it asks the registry (engine/registry.ts) instead.
 */
const VARIANT_IDS = readdirSync(path.join(import.meta.dirname, 'engine', 'variants'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'family')
  .map((d) => d.name);

/** Folders whose files the zones and the dynamic-import rule check. */
const ZONED = [
  'engine/**/*.ts',
  'functions/**/*.ts',
  'adapters/**/*.ts',
  'infra/**/*.ts',
  'local/**/*.ts',
  'web/src/**/*.ts',
  'web/src/**/*.tsx',
];

/** @type {import('eslint').ESLint.Plugin} */
const boundaries = {
  rules: {
    zones: {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          crossed: '{{message}} (imports {{target}})',
          computed: 'import() takes a string literal: a computed path escapes the lint zones',
        },
      },
      create(context) {
        const root = context.cwd;
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        const zones = ZONES.filter(
          (z) =>
            [z.from].flat().some((from) => file.startsWith(from)) &&
            !(z.except ?? []).some((/** @type {string} */ e) => file.startsWith(e)),
        );
        /** @param {any} node */
        const check = (node) => {
          const source = node.source;
          if (source === null || source === undefined) return;
          const literal =
            source.type === 'Literal' && typeof source.value === 'string'
              ? source.value
              : source.type === 'TemplateLiteral' && source.expressions.length === 0
                ? source.quasis[0].value.cooked
                : undefined;
          if (literal === undefined) {
            if (node.type === 'ImportExpression') context.report({ node: source, messageId: 'computed' });
            return;
          }
          if (!literal.startsWith('.')) return;
          const target = path
            .relative(root, path.resolve(path.dirname(context.filename), literal))
            .split(path.sep)
            .join('/');
          for (const z of zones) {
            const outside = z.only !== undefined && !z.only.some((p) => (target + '/').startsWith(p));
            const banned =
              z.not !== undefined &&
              z.not.some((p) => (target + '/').startsWith(p)) &&
              !(z.unless ?? []).some((re) => re.test(target));
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
    'variant-ids': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          named:
            "'{{id}}' names a variant: outside engine/variants/{{id}}/ ask the registry (engine/registry.ts) instead",
        },
      },
      create(context) {
        /** @param {any} node */
        const check = (node, value) => {
          if (typeof value === 'string' && VARIANT_IDS.includes(value))
            context.report({ node, messageId: 'named', data: { id: value } });
        };
        return {
          /** @param {any} node */
          Literal: (node) => check(node, node.value),
          /** @param {any} node */
          TemplateElement: (node) => check(node, node.value.cooked),
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
  {
    ignores: [
      'node_modules/**',
      'cdk.out/**',
      'dist/**',
      'sdk/dist/**',
      'coverage/**',
      '.data/**',
      'web/dist/**',
      'artefacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ZONED,
    plugins: { boundaries },
    rules: { 'boundaries/zones': 'error' },
  },
  {
    // Variant knowledge lives in the variant's folder (engine/variants/<id>/): the core, the bots, the text layer, the
    // family's shared rules, functions/, the chat adapters and the CLI ask the registry and its hooks
    // (Variant.trickOrder, cardStyle, words, bots, usualSeats; DEFAULT_VARIANT); the web app asks the server's
    // catalogue (GET /v1/variants, the default first).
    files: ['engine/**/*.ts', 'functions/**/*.ts', 'adapters/**/*.ts', 'cli/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: VARIANT_IDS.map((id) => `engine/variants/${id}/**`),
    plugins: { boundaries },
    rules: { 'boundaries/variant-ids': 'error' },
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
        {
          // `const m = Math; m.random()`, `f(Date)`: the clock and Math.random only by name, never as a value.
          selector:
            'Identifier[name=/^(Math|Date|performance)$/]:not(MemberExpression[computed=false] > Identifier.object):not(NewExpression > Identifier.callee)',
          message: 'engine/ is deterministic: Math, Date and performance are used by name (Math.max), never held.',
        },
        {
          selector: 'MemberExpression[computed=true][object.name=/^(Math|Date|performance)$/]',
          message: 'engine/ is deterministic: no computed access to Math, Date or performance.',
        },
      ],
      'no-restricted-globals': [
        'error',
        'process',
        'fetch',
        'setTimeout',
        'setInterval',
        'console',
        'require',
        // globalThis.Date.now() and friends: the global object is a way around every rule above.
        'globalThis',
        'global',
        'window',
        'self',
      ],
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
