// Renders the hand-written SVG illustrations under public/images into the WebP files the shop
// serves, in the widths of SEEDED_PICTURE_WIDTHS (src/domain/media-widths.ts), written next to
// each SVG as `<name>-<width>.webp`. Outputs newer than their SVG are left alone.
//
//   npx tsx scripts/render-images.ts          render what is missing or stale
//   npx tsx scripts/render-images.ts --force  render everything again
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SEEDED_PICTURE_WIDTHS } from '../src/domain/media-widths';

const IMAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

const SETS = Object.entries(SEEDED_PICTURE_WIDTHS).map(([dir, widths]) => ({ dir, widths }));

const WEBP = { quality: 72, effort: 6 } as const;

function isUpToDate(source: string, output: string): boolean {
  return existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs;
}

async function render(svg: Buffer, width: number): Promise<Buffer> {
  const meta = await sharp(svg).metadata();
  const intrinsic = meta.width ?? width;
  // Rasterise at (at least) the target width so nothing is upscaled from a smaller bitmap.
  const density = Math.max(72, Math.ceil((72 * width) / intrinsic));
  return sharp(svg, { density }).resize({ width }).webp(WEBP).toBuffer();
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  let rendered = 0;
  let skipped = 0;
  let bytes = 0;
  for (const { dir, widths } of SETS) {
    const folder = path.join(IMAGES_DIR, dir);
    if (!existsSync(folder)) continue;
    const svgs = readdirSync(folder)
      .filter((name) => name.endsWith('.svg'))
      .sort();
    for (const name of svgs) {
      const source = path.join(folder, name);
      const base = name.slice(0, -'.svg'.length);
      let svg: Buffer | null = null;
      for (const width of widths) {
        const output = path.join(folder, `${base}-${width}.webp`);
        if (!force && isUpToDate(source, output)) {
          skipped += 1;
          bytes += statSync(output).size;
          continue;
        }
        svg ??= readFileSync(source);
        const webp = await render(svg, width);
        writeFileSync(output, webp);
        rendered += 1;
        bytes += webp.length;
        console.log(`${path.relative(IMAGES_DIR, output)}  ${(webp.length / 1024).toFixed(1)} KB`);
      }
    }
  }
  console.log(`Rendered ${rendered}, up to date ${skipped}; WebP total ${(bytes / 1024).toFixed(1)} KB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
