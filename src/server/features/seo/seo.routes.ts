// /sitemap.xml and /robots.txt. Outside production every page says noindex, and robots.txt asks
// robots to stay away entirely, so a preview or test shop never ends up in search results.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap.service';

export function seoRoutes(ctx: ServerContext) {
  const origin = new URL(ctx.env.PUBLIC_URL).origin;
  return new Hono<AppEnv>()
    .get('/sitemap.xml', async (c) => {
      const xml = sitemapXml(origin, await sitemapEntries(ctx.db));
      return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
    })
    .get('/robots.txt', (c) =>
      c.body(robotsTxt(origin, ctx.env.isProduction), 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      }),
    );
}
