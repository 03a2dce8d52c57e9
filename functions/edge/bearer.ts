import { AppError } from '../use-cases/errors.js';

/** The token of an `Authorization: Bearer <token>` header (undefined without one; 401 when it is malformed). */
export function parseBearer(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (m === null)
    throw new AppError(401, 'auth/malformed', 'use Authorization: Bearer <token>', { field: 'authorization' });
  return m[1];
}

/** A header by name, case-insensitively (API Gateway WebSocket events keep the client's spelling). */
export function headerOf(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.entries(headers).find(([k]) => k.toLowerCase() === lower)?.[1];
}
