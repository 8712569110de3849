// The built files' compressed forms: brotli at its best quality and gzip at 9, worth it for bytes
// sent a million times. The build writes them beside each file (`app.js.br`, `app.js.gz`, see
// scripts/precompress-web.ts), so a starting shop reads them instead of spending seconds of CPU
// compressing every file again; a file without them (or with older ones) is compressed at start.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';

const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/** Below this a file is sent as it is: its compressed form would save nothing worth a header. */
const MIN_BYTES = 512;

/** The suffix of each encoding's file beside the plain one. */
export const ENCODED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

export function worthCompressing(file: string, bytes: number): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()) && bytes > MIN_BYTES;
}

/**
 * Whether the build writes the file's compressed forms: HTML is filled with the shop's own settings
 * as it is served, so its bytes are known only then.
 */
export function compressedAtBuild(file: string, bytes: number): boolean {
  return path.extname(file).toLowerCase() !== '.html' && worthCompressing(file, bytes);
}

export function compressAsset(body: Uint8Array): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}
