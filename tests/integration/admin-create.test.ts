// `npm run admin:create -- --email …`: the service behind it, and the command itself on a PGlite folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, user } from '../../src/server/db/schema';
import { promoteToAdmin, promotionMessage } from '../../src/server/features/customers/admin-promotion.service';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { commandArgs } from '../support/built-server';
import { auditRows } from './admin-helpers';

const run = promisify(execFile);

describe.each(dbKinds(import.meta.url))('admin:create on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('makes an existing account an admin (any letter case), once, and audits it', async () => {
    const u = await createUser(t, { email: 'owner@example.co.ke' });
    expect(await promoteToAdmin(t.ctx.db, '  OWNER@Example.co.ke ', t.ctx.now())).toEqual({
      outcome: 'promoted',
      email: 'owner@example.co.ke',
      verified: true,
    });
    const [row] = await t.ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, u.id));
    expect(row?.role).toBe('owner');
    expect((await t.request('/api/admin/dashboard', { cookie: u.cookie })).status).toBe(200);
    expect(await promoteToAdmin(t.ctx.db, 'owner@example.co.ke', t.ctx.now())).toEqual({
      outcome: 'already-admin',
      email: 'owner@example.co.ke',
    });
    const audit = await auditRows(t, 'USER_ROLE_CHANGE', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ to: 'owner', via: 'npm run admin:create' });
  });

  it('says clearly when no account uses the email', async () => {
    const result = await promoteToAdmin(t.ctx.db, 'nobody@example.com', t.ctx.now());
    expect(result).toEqual({ outcome: 'unknown-email', email: 'nobody@example.com' });
    expect(promotionMessage(result, 'http://localhost:3000')).toBe(
      'No account uses nobody@example.com. Sign up at http://localhost:3000/auth with that address first, then run this command again.',
    );
    expect(await t.ctx.db.select().from(user).where(eq(user.email, 'nobody@example.com'))).toEqual([]);
  });
});

describe('the admin:create command', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-create-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };

  it('refuses to run without --email, and exits 1 for an unknown email', async () => {
    const missing = await run(process.execPath, await commandArgs('admin-create'), { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(missing).toMatchObject({ code: 2 });
    expect((missing as { stderr: string }).stderr).toContain('Usage: npm run admin:create -- --email owner@example.co.ke');
    const unknown = await run(process.execPath, await commandArgs('admin-create', ['--email', 'ghost@example.com']), { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(unknown).toMatchObject({ code: 1 });
    expect((unknown as { stderr: string }).stderr).toContain('No account uses ghost@example.com.');
  }, 60_000);
});
