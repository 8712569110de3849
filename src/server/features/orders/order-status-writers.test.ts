// Only the order module writes an order's status or fulfilment: this test reads every server file
// and fails on a Drizzle `update(orders).set({ status })`, `insert(orders).values({ status })` or a
// raw SQL `update orders set … status` anywhere else.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = path.join(SERVER, 'features/orders/order-transitions.ts');
const STATUS_COLUMNS = new Set(['status', 'fulfilmentStatus']);

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where `source` writes orders.status or orders.fulfilment_status: 'line: code'. */
function orderStatusWrites(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = node.expression.expression;
      const onOrders =
        ts.isCallExpression(target) &&
        ts.isPropertyAccessExpression(target.expression) &&
        ['update', 'insert'].includes(target.expression.name.text) &&
        target.arguments[0] !== undefined &&
        ts.isIdentifier(target.arguments[0]) &&
        target.arguments[0].text === 'orders';
      const values = node.arguments[0];
      if (onOrders && (method === 'set' || method === 'values') && values && ts.isObjectLiteralExpression(values)) {
        for (const prop of values.properties) {
          const name = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : null;
          if (name && STATUS_COLUMNS.has(name)) found.push(at(prop));
        }
      }
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node) || ts.isTemplateExpression(node)) {
      if (/update\s+"?orders"?\s+set\b[\s\S]*\b(status|fulfilment_status)\s*=/i.test(node.getText())) found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('writers of an order status', () => {
  it('finds a write in each form it looks for (so it can fail)', () => {
    expect(orderStatusWrites(`await tx.update(orders).set({ status: 'completed', updatedAt: at }).where(x);`)).toHaveLength(1);
    expect(orderStatusWrites(`await db.insert(orders).values({ userId, status: 'pending' });`)).toHaveLength(1);
    expect(orderStatusWrites(`await tx.update(orders).set({ fulfilmentStatus: to });`)).toHaveLength(1);
    expect(orderStatusWrites('await db.execute(sql`UPDATE orders SET status = ${s} WHERE id = ${id}`);')).toHaveLength(1);
    expect(orderStatusWrites(`await tx.update(orders).set({ needsAttention: true });`)).toEqual([]);
    expect(orderStatusWrites(`await tx.update(paymentTransactions).set({ status: 'FAILED' });`)).toEqual([]);
  });

  it('are only the order module', () => {
    const writers = serverFiles(SERVER)
      .filter((f) => f !== OWNER)
      .flatMap((f) => orderStatusWrites(readFileSync(f, 'utf8'), f).map((w) => `${path.relative(SERVER, f)}:${w}`));
    expect(writers).toEqual([]);
    expect(orderStatusWrites(readFileSync(OWNER, 'utf8'), OWNER).length).toBeGreaterThan(0);
  });
});
