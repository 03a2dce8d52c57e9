import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ERROR_CODES, ErrorCodes, isErrorCode } from '../../engine/errors.js';

describe('ErrorCode', () => {
  const spec = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
    components: { schemas: { ErrorCode: { enum: string[] } } };
  };
  const documented = spec.components.schemas.ErrorCode.enum;

  it('is exactly openapi.yaml’s ErrorCode enum, each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect([...ERROR_CODES].sort()).toEqual([...documented].sort());
  });

  it('names only codes of the union', () => {
    for (const code of Object.values(ErrorCodes)) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('action/typo')).toBe(false);
  });
});
