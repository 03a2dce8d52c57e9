import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** The web app's build output (`npm run build -w web`; `npm start` builds it first). */
export const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * The web app on the local server: files of web/dist by path (hashed assets cached for a year), and index.html for
 * a page request (`Accept: text/html`) to any other path outside the API, so client routes (/table/…, /organiser/…)
 * load the app on a reload. Anything else is `undefined`: the API answers it (404 problem+json for an unknown path).
 * On AWS, CloudFront does the same in front of the S3 bucket (infra/constructs/web-site.ts).
 */
export function staticSite(dist: string = WEB_DIST): ((req: Request) => Promise<Response | undefined>) | undefined {
  if (!existsSync(resolve(dist, 'index.html'))) return undefined;
  // serveStatic resolves `root` against the working directory.
  const root = relative(process.cwd(), dist) || '.';
  const app = new Hono();
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  app.get('*', serveStatic({ root }));
  app.get('*', async (c, next) => {
    // Not a file of the app: only a browser's page request gets the app; the rest is the API's to answer.
    if (!(c.req.header('accept') ?? '').includes('text/html')) return c.body(null, 404, { [MISS]: '1' });
    await next();
    c.header('cache-control', 'no-cache');
  });
  app.get('*', serveStatic({ root, path: 'index.html' }));
  return async (req) => {
    const res = await app.fetch(req);
    return res.headers.get(MISS) === '1' ? undefined : res;
  };
}

const MISS = 'x-stammtisch-static-miss';

/** Requests the API answers (everything else is the web app). */
export const isApiPath = (pathname: string): boolean =>
  pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/ws' || pathname.startsWith('/ws/');
