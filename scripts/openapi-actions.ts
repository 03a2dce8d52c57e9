import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';
import { actionSchema } from '../engine/actions.js';
import { listVariants } from '../engine/registry.js';

/**
 * `npm run openapi:actions`: rewrite openapi.yaml's `components.schemas.Action` from the registered variants'
 * vocabularies, leaving the rest of the file as it is (test/functions/openapi-actions.test.ts fails when it is stale).
 */
export const OPENAPI_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

/** The component as the vocabularies give it. */
export const actionComponent = (): ReturnType<typeof actionSchema> =>
  actionSchema(listVariants().map((variant) => variant.vocabulary));

/** openapi.yaml's text with the `Action` component (4-space indented under `components.schemas`) replaced. */
export async function withActionComponent(text: string): Promise<string> {
  const start = text.indexOf('\n    Action:\n');
  if (start < 0) throw new Error('openapi.yaml has no components.schemas.Action');
  const rest = text.slice(start + 1);
  const next = rest.slice('    Action:\n'.length).search(/^ {4}\S/m);
  if (next < 0) throw new Error('components.schemas.Action is the last schema; cannot find its end');
  const end = start + 1 + '    Action:\n'.length + next;
  const body = compactYaml(actionComponent())
    .trimEnd()
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
  const replaced = `${text.slice(0, start + 1)}    Action:\n${body}\n${text.slice(end)}`;
  const config = (await prettier.resolveConfig(OPENAPI_PATH)) ?? {};
  return prettier.format(replaced, { ...config, filepath: OPENAPI_PATH });
}

/** YAML in the file's style: lists of words and small maps of plain values on one line (`{ type: string }`). */
function compactYaml(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Seq(_, node) {
      if (node.items.every(isScalar)) node.flow = true;
    },
    Map(_, node) {
      if (
        node.items.every(
          (pair) =>
            isScalar(pair.value) || (isSeq(pair.value) && pair.value.flow) || (isMap(pair.value) && pair.value.flow),
        ) &&
        node.items.length <= 4 &&
        !node.items.some((p) => isScalar(p.key) && p.key.value === 'description')
      )
        node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OPENAPI_PATH, await withActionComponent(readFileSync(OPENAPI_PATH, 'utf8')));
  console.log(`wrote components.schemas.Action of ${OPENAPI_PATH}`);
}
