import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { writeAudit } from '@/server/infra/audit-log';

describe('writeAudit', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it('stores who did what to which record, with details and the client address', async () => {
    const db = testDb.database.db;
    await writeAudit(db, {
      userId: 'user-1',
      action: 'VIEW_TRANSACTION',
      tableName: 'payment_transactions',
      recordId: 'tx-1',
      details: { orderId: 'order-1' },
      ip: '196.201.214.7',
    });
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.recordId, 'tx-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: 'user-1',
      action: 'VIEW_TRANSACTION',
      tableName: 'payment_transactions',
      details: { orderId: 'order-1' },
      ipAddress: '196.201.214.7',
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('records a system action without user, record, details or address', async () => {
    const db = testDb.database.db;
    await writeAudit(db, { userId: null, action: 'RECONCILE_PAYMENTS', tableName: 'payment_transactions' });
    const [row] = await db.select().from(auditLogs).where(eq(auditLogs.action, 'RECONCILE_PAYMENTS'));
    expect(row).toMatchObject({ userId: null, recordId: null, details: null, ipAddress: null });
  });
});

describe('who writes audit rows (the server only)', () => {
  const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(full);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
    });
  const writes = /\.(insert|update|delete)\(\s*auditLogs\b|\b(insert\s+into|update|delete\s+from)\s+"?audit_logs\b/i;

  it('only infra/audit-log.ts inserts, changes or deletes them, on the server', () => {
    const writers = sources(srcRoot)
      .filter((file) => writes.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(srcRoot, file));
    expect(writers).toEqual([path.join('server', 'infra', 'audit-log.ts')]);
  });

  it('is never reached from the browser code', () => {
    const webFiles = sources(path.join(srcRoot, 'web'));
    expect(webFiles.length).toBeGreaterThan(10);
    expect(webFiles.filter((file) => /infra\/audit-log|writeAudit/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
