// Global set-up of the browser journeys: one shop starts once on an empty data folder (migrating
// and seeding it, as a first start does) and stops; every shop a journey starts then begins from a
// copy of that folder instead of migrating and seeding its own (startShop).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_TEMPLATE_ENV, startShop } from './shop-server';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-template-'));
  const shop = await startShop({ DATA_DIR: dir });
  const code = await shop.stop();
  if (code !== 0) throw new Error(`The template shop did not stop cleanly (${code}):\n${shop.output()}`);
  // The test workers start after this and inherit the environment.
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
