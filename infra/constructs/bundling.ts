/**
 * The esbuild settings of every Lambda bundle, in one place: `StammtischFunction` maps them onto `NodejsFunction`
 * bundling options and `npm run bundle-report` (bench/bundle-report.mjs) builds with exactly the same ones.
 */
export interface BundleSettings {
  /** Node release the bundle targets; matches the Lambda runtime (NODEJS_24_X). */
  readonly target: string;
  readonly format: 'esm';
  readonly minify: true;
  /**
   * Source maps are off by default: with `--enable-source-maps` Node parses the map (as large as the bundle) at
   * import, measured +15–45 % module init per cold start (`npm run bundle-report`, variant `source-maps`), and the
   * handlers log error messages, not stacks. Deploy with `-c sourceMaps=true` to ship external maps (without the
   * sources) and turn `--enable-source-maps` on.
   */
  readonly sourcemap: boolean;
  readonly sourcesContent: false;
  /** Prefer the ESM build of a dependency: better tree shaking. */
  readonly mainFields: readonly string[];
  /** Modules left out of the bundle (resolved by the Lambda runtime's own AWS SDK copy, if ever imported). */
  readonly external: readonly string[];
  /**
   * Bundled CommonJS code may `require()` Node built-ins; an ESM bundle has no `require`, so give it one.
   * (Harmless when nothing needs it: one import and one call.)
   */
  readonly banner: string;
}

/**
 * The credential providers the SDK's default chain loads lazily (`await import(…)`) only when no credentials are in
 * the environment. Lambda always puts the role's credentials there (the chain's first step, `fromEnv`), so these are
 * never imported on Lambda; leaving them out saves ~110–130 KB per bundle at no init cost (should one ever be needed, the
 * runtime's SDK copy provides it).
 */
export const lazyCredentialProviders = [
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@smithy/credential-provider-imds',
] as const;

/**
 * The AWS SDK v3 clients are bundled (not left to the runtime's copy): measured with `npm run bundle-report`,
 * the minified, tree-shaken bundle initialises faster than importing the runtime's many unminified SDK files, and the
 * SDK version is the one the tests ran against. See README "Deploy".
 */
export const bundleSettings: BundleSettings = {
  target: 'node24',
  format: 'esm',
  minify: true,
  sourcemap: false,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  external: lazyCredentialProviders,
  banner:
    "import { createRequire as __stammtischCreateRequire } from 'node:module'; const require = __stammtischCreateRequire(import.meta.url);",
};

/** The Lambda entry points (each exports `handler`), relative to the repository root. */
export const entryPoints = {
  http: 'functions/http/lambda.ts',
  ws: 'functions/ws/lambda.ts',
  stream: 'functions/stream/lambda.ts',
  due: 'functions/due/lambda.ts',
} as const;
