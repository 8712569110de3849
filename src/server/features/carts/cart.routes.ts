// /api/cart: the signed-in customer's saved cart (GET, PUT to replace it, POST /merge at sign-in).
// Bad input is a 422 that changes nothing; personal data, so never cached.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import { SAVED_CART_MESSAGES, savedCartBody, type SavedCartLine } from '@/domain/saved-cart';
import type { AppEnv, ServerContext } from '../../context';
import { currentUser, requireUser } from '../../auth/session';
import { DomainError } from '../../errors';
import { mergeIntoSavedCart, readSavedCart, replaceSavedCart } from './saved-cart.service';

const invalid = (message: string) => new DomainError('unprocessable', 'INVALID_CART', message, { fields: { lines: message } });

/** A body that is not JSON at all is refused like any other bad cart (422), before the validator reads it. */
const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await c.req.json();
  } catch {
    throw invalid(SAVED_CART_MESSAGES.notAList);
  }
  await next();
});

/** The cart's lines, checked (savedCartBody), or a 422 saying the first thing wrong. */
const cartLines = validator('json', (value): { lines: SavedCartLine[] } => {
  const parsed = savedCartBody.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? SAVED_CART_MESSAGES.notAList);
  return {
    lines: parsed.data.lines.map((l) => ({
      productId: l.productId,
      ...(l.variantId !== undefined && { variantId: l.variantId }),
      quantity: l.quantity,
    })),
  };
});

export function cartRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .use('*', requireUser(ctx))
    .use('*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/', async (c) => c.json({ cart: await readSavedCart(ctx.db, currentUser(c).id) }))
    .put('/', jsonBody, cartLines, async (c) =>
      c.json({ cart: await replaceSavedCart(ctx.db, currentUser(c).id, c.req.valid('json').lines, ctx.now()) }),
    )
    .post('/merge', jsonBody, cartLines, async (c) =>
      c.json({ cart: await mergeIntoSavedCart(ctx.db, currentUser(c).id, c.req.valid('json').lines, ctx.now()) }),
    );
}
