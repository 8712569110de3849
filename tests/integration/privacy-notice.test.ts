// The privacy notice at /privacy: migration 0059 adds it to a shop made before it (with the shop's
// saved email, leaving a page the owner already wrote alone), and the page is server-rendered like
// the other content pages, linked from the footer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { DEFAULT_DB_KIND, dbKinds } from '../support/test-database';

const TAG = '0059_privacy_notice';
const steps = migrationSteps('privacy_notice');
afterAll(() => steps.cleanup());

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

describe.each(dbKinds(import.meta.url))('migration 0059 on %s', (kind) => {
  it("adds a published privacy notice with the shop's saved email, once", async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore(TAG));
    await database.db.execute(
      sql`insert into app_settings (key, value) values ('shop_details', ${JSON.stringify({ email: 'care@samaki.example' })}::jsonb)`,
    );
    await migrateTo(database, migrationsFolder());
    await migrateTo(database, migrationsFolder());
    const pages = await queryRows<{ title: string; content: string; published: boolean }>(
      database.db,
      sql`select title, content, published from page_content where slug = 'privacy'`,
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ title: 'Privacy Notice', published: true });
    expect(pages[0]!.content).toContain('<a href="mailto:care@samaki.example">care@samaki.example</a>');
    expect(pages[0]!.content).not.toContain('{{');
  });

  it("keeps a 'privacy' page the owner already made", async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore(TAG));
    await database.db.execute(
      sql`insert into page_content (slug, title, content, published) values ('privacy', 'Our privacy', '<p>Ours</p>', false)`,
    );
    await migrateTo(database, migrationsFolder());
    const pages = await queryRows<{ title: string }>(database.db, sql`select title from page_content where slug = 'privacy'`);
    expect(pages).toEqual([{ title: 'Our privacy' }]);
  });
});

describe('the /privacy page, server-rendered', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'privacy-page-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    const renderModule = await import('../../src/web/entry-server');
    t = await createTestApp(DEFAULT_DB_KIND, { seed: true, app: { webRoot, renderModule } });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('says what is collected, who processes it, the rights and how to complain, and is linked from the footer', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/privacy`, {}, { incoming: { socket: { remoteAddress: '203.0.113.9' } } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>Privacy Notice \| [^<]+<\/title>/);
    expect(html).toContain('Privacy Notice</h1>');
    for (const said of [
      'Pesapal',
      'Safaricom',
      'Talking',
      'Google',
      'Kenya Revenue Authority',
      'Office of the Data Protection Commissioner',
    ])
      expect(html).toContain(said);
    expect(html).toContain('Delete my account');
    expect(html).toContain('href="mailto:info@lakevictoriaaquaculture.com"');
    expect(html).toMatch(/<footer[\s\S]*href="\/privacy"[\s\S]*<\/footer>/);
  });
});
