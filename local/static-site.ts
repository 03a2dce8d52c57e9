import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** The web app's build output (`npm run build -w web`; `npm start` builds it first). */
export const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * The web app on the local server: files of web/dist by path (hashed assets cached for a year), and index.html for
 * every other GET outside the API, so client routes (/table/…, /organiser/…) load the app on a reload. On AWS,
 * CloudFront does the same in front of the S3 bucket (infra/constructs/web-site.ts).
 */
export function staticSite(dist: string = WEB_DIST): ((req: Request) => Promise<Response>) | undefined {
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
    await next();
    c.header('cache-control', 'no-cache');
  });
  app.get('*', serveStatic({ root, path: 'index.html' }));
  return (req) => Promise.resolve(app.fetch(req));
}

/** Requests the API answers (everything else is the web app). */
export const isApiPath = (pathname: string): boolean =>
  pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/ws' || pathname.startsWith('/ws/');
