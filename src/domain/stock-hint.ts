// What a product page says about stock: few left is worth saying before the customer is told at
// checkout; the exact count beyond that is the shop's business.
const FEW_LEFT_AT = 5;

export type StockHint = { tone: 'out' | 'few' | 'in'; text: string };

export function stockHint(stock: number): StockHint {
  if (stock <= 0) return { tone: 'out', text: 'Out of Stock' };
  if (stock <= FEW_LEFT_AT) return { tone: 'few', text: `Only ${stock} left` };
  return { tone: 'in', text: 'In stock' };
}
