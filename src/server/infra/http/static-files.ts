// Serves the built single-page app from memory: hashed assets cached for a year, index.html never
// cached, gzip/brotli chosen by Accept-Encoding (the build's compressed files, see
// asset-compression.ts), and client routes falling back to index.html.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { ENCODED_SUFFIX, compressAsset, compressedAtBuild, worthCompressing } from './asset-compression';
import { negotiated, pickEncoding } from './compression';

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
/** The build's compressed forms of a file, when both are there and not older than it. */
function builtEncodings(full: string, modified: number): { br: Buffer; gzip: Buffer } | null {
  const br = full + ENCODED_SUFFIX.br;
  const gzip = full + ENCODED_SUFFIX.gzip;
  if (!existsSync(br) || !existsSync(gzip)) return null;
  if (statSync(br).mtimeMs < modified || statSync(gzip).mtimeMs < modified) return null;
  return { br: readFileSync(br), gzip: readFileSync(gzip) };
}

/** `app.js.br` beside `app.js` is one of its encodings, not a file of its own. */
const isEncodedForm = (full: string) =>
  Object.values(ENCODED_SUFFIX).some((suffix) => full.endsWith(suffix) && existsSync(full.slice(0, -suffix.length)));

function loadAssets(root: string, htmlVars: Record<string, string> = {}): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(root)) return assets;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) {
        walk(full);
        continue;
      }
      if (isEncodedForm(full)) continue;
      const rel = '/' + path.relative(root, full).split(path.sep).join('/');
      const ext = path.extname(name).toLowerCase();
      let body = readFileSync(full);
      if (ext === '.html') body = Buffer.from(fillVars(body.toString('utf8'), htmlVars));
      const hashed = rel.startsWith('/assets/');
      const asset: Asset = {
        body,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        cacheControl: hashed ? 'public, max-age=31536000, immutable' : ext === '.html' ? 'no-cache' : 'public, max-age=86400',
      };
      if (worthCompressing(name, body.byteLength)) {
        const encoded = (compressedAtBuild(name, body.byteLength) && builtEncodings(full, stat.mtimeMs)) || compressAsset(body);
        asset.gzip = encoded.gzip;
        asset.br = encoded.br;
      }
      assets.set(rel, asset);
    }
  };
  walk(root);
  return assets;
}

/**
 * pages: false leaves every page address (a path without a file extension) to the page renderer
 * (page-renderer.ts) and serves only files.
 */
export function serveSpa(root: string, htmlVars: Record<string, string> = {}, opts: { pages?: boolean } = {}): MiddlewareHandler {
  const assets = loadAssets(root, htmlVars);
  const pages = opts.pages ?? true;
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const p = c.req.path;
    if (p.startsWith('/api/')) return next();
    let asset = pages || !p.endsWith('.html') ? assets.get(p) : undefined;
    if (!asset) {
      // Unknown files with an extension are real 404s; everything else is a client route.
      if (!pages || (path.extname(p) && !p.endsWith('.html'))) return next();
      asset = assets.get('/index.html');
      if (!asset) return next();
    }
    if (c.req.header('if-none-match') === asset.etag) {
      return negotiated(c.body(null, 304, { ETag: asset.etag, 'Cache-Control': asset.cacheControl }));
    }
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Cache-Control': asset.cacheControl,
      ETag: asset.etag,
      Vary: 'Accept-Encoding',
    };
    let body = asset.body;
    const encoding = pickEncoding(c.req.header('accept-encoding'), { br: !!asset.br, gzip: !!asset.gzip });
    if (encoding) {
      body = asset[encoding] ?? body;
      headers['Content-Encoding'] = encoding;
    }
    if (c.req.method === 'HEAD') return negotiated(c.body(null, 200, headers));
    return negotiated(c.body(new Uint8Array(body), 200, headers));
  };
}

/** Replaces %NAME% placeholders in the built HTML with escaped values (e.g. the shop's name). */
function fillVars(html: string, vars: Record<string, string>): string {
  return html.replace(/%([A-Z_]+)%/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  });
}
