// POST /api/sms/replies/<token>: Africa's Talking's incoming-messages callback (form fields from, to,
// text, date, id, linkId). A wrong token is refused (403) and changes nothing; with the right one the
// provider always gets 200, whatever the message says, so it never retries or gives up on the shop.
import { Hono, type HonoRequest } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { forbidden } from '../../errors';
import { handleSmsReply } from './sms-stop.service';
import { isSmsReplyToken } from './sms-reply-token';

const FORGED = 'This is not the shop’s SMS replies address.';

/** The reply's sender and text from a form or JSON body; empty strings for anything missing or odd. */
async function readReply(req: HonoRequest): Promise<{ from: string; text: string }> {
  let fields: unknown = {};
  try {
    // Hono's readers: the body may already have been read (and cached) by the API's guards.
    const type = req.header('content-type') ?? '';
    fields = type.startsWith('application/json') ? await req.json() : await req.parseBody();
  } catch {
    // An unreadable body is a reply without a sender: ignored.
  }
  const record = typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 1000) : '');
  return { from: text(record.from), text: text(record.text) };
}

export function smsRepliesRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().post('/:token', async (c) => {
    if (!isSmsReplyToken(ctx.env, c.req.param('token'))) throw forbidden(FORGED);
    const reply = await readReply(c.req);
    try {
      return c.json({ outcome: await handleSmsReply(ctx.db, reply, ctx.now()) });
    } catch (err) {
      // The provider is answered 200 even so (it would only retry); the shop's log keeps the failure.
      ctx.logger.error({ err }, 'sms reply: could not apply');
      return c.json({ outcome: 'failed' as const });
    }
  });
}
