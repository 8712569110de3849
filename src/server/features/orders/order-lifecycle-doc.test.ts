// docs/architecture.md shows the order's life as two tables; they must say what the code does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FULFILMENT_EVENTS, FULFILMENT_TRANSITIONS, ORDER_EVENTS, ORDER_TRANSITIONS } from '@/domain/order-lifecycle';

const told = (step: string | null) => (step ? `\`${step}\`` : '—');

/** The rows docs/architecture.md must hold, built from the code's tables. */
function lifecycleRows(): string[] {
  const orderRows = ORDER_EVENTS.map((event) => {
    const t = ORDER_TRANSITIONS[event];
    const from = t.from.length ? t.from.join(', ') : '(new)';
    return `| \`${event}\` | ${from} | ${t.to} | ${t.stock} | ${told(t.tells)} | ${t.means} |`;
  });
  const fulfilmentRows = FULFILMENT_EVENTS.map((event) => {
    const t = FULFILMENT_TRANSITIONS[event];
    return `| \`${event}\` | ${t.to} | ${told(t.tells)} | ${t.means} |`;
  });
  return [...orderRows, ...fulfilmentRows];
}

describe("the order's life in docs/architecture.md", () => {
  const doc = readFileSync(new URL('../../../../docs/architecture.md', import.meta.url), 'utf8');
  const docRows = doc.split('\n').filter((l) => /^\| `[a-z_]+` \|/.test(l));

  it('holds exactly the transitions of src/domain/order-lifecycle.ts, in its order', () => {
    expect(docRows).toEqual(lifecycleRows());
  });
});
