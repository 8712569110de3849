// Only the order's stock effects (order-stock-effects.ts) move an order's stock: this test reads every
// server file and fails on a call of the ledger's order functions anywhere else, so no cause (checkout,
// a payment, the merchant's refund) can reserve, sell, release or restock beside the transition.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = path.join(SERVER, 'features/orders/order-stock-effects.ts');
const ORDER_STOCK_MOVES = new Set([
  'reserveStock',
  'sellReservation',
  'releaseReservation',
  'restockSoldLines',
  'confirmDeliveryWindow',
  'releaseDeliveryWindow',
]);

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where `source` calls one of the ledger's order functions: 'line: code'. */
function orderStockCalls(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && ORDER_STOCK_MOVES.has(callee.text)) {
        found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("callers of the ledger's order functions", () => {
  it('finds a call in each form it looks for (so it can fail)', () => {
    expect(orderStockCalls(`const n = await restockSoldLines(tx, orderId, actor.userId, at);`)).toHaveLength(1);
    expect(orderStockCalls(`await inventory.releaseReservation(tx, id, 'x', at);`)).toHaveLength(1);
    expect(orderStockCalls(`export async function reserveStock(tx: Tx) {}`)).toEqual([]);
    expect(orderStockCalls(`await restock(db, { productId, quantity: 2 });`)).toEqual([]);
  });

  it('are only the stock effects the order transition applies', () => {
    const callers = serverFiles(SERVER)
      .filter((f) => f !== OWNER)
      .flatMap((f) => orderStockCalls(readFileSync(f, 'utf8'), f).map((c) => `${path.relative(SERVER, f)}:${c}`));
    expect(callers).toEqual([]);
    expect(orderStockCalls(readFileSync(OWNER, 'utf8'), OWNER).length).toBeGreaterThan(0);
  });
});
