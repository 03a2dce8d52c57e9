import openapiTS, { astToString } from 'openapi-typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run sdk:types` writes the REST types (test/sdk/types.test.ts fails when the file is stale). */
export const GENERATED_PATH = fileURLToPath(new URL('./generated/openapi.ts', import.meta.url));
const OPENAPI_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

const HEADER = '// Generated from openapi.yaml by `npm run sdk:types` (openapi-typescript). Do not edit.\n\n';

/** The TypeScript types of openapi.yaml, as openapi-typescript writes them. */
export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(readFileSync(OPENAPI_PATH, 'utf8'), { alphabetize: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_PATH, await generateTypes());
  console.log(`wrote ${GENERATED_PATH}`);
}
