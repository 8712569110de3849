// The running shop's door for the commands that must go through it while it holds the embedded
// database (`npm run admin:create`, `npm run db:backup`, `npm run go-live:check`): a second HTTP listener on 127.0.0.1 only,
// never the public app, answering requests that carry the token the shop writes into
// DATA_DIR/control.json (readable by its owner only). Decision 017.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../context';
import { LOCKS } from '../db/locks';
import { promoteToAdmin, promotionMessage } from '../features/customers/admin-promotion.service';
import { CONTROL_FILE, writeBackup } from './archive';
import { backupsDir } from './automatic';
import { goLiveReport } from '../go-live/go-live-report';

export interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

export interface ControlAnswer {
  ok: boolean;
  message: string;
  file?: string;
}

function controlFilePath(dataDir: string): string {
  return path.join(dataDir, CONTROL_FILE);
}

export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const parsed = JSON.parse(readFileSync(controlFilePath(dataDir), 'utf8')) as Partial<ControlFile>;
    if (typeof parsed.pid !== 'number' || typeof parsed.port !== 'number' || typeof parsed.token !== 'string') return null;
    return { pid: parsed.pid, port: parsed.port, token: parsed.token };
  } catch {
    return null;
  }
}

const MAX_BODY = 64 * 1024;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

async function runCommand(
  ctx: ServerContext,
  command: string,
  body: Record<string, unknown>,
): Promise<{ status: number; answer: ControlAnswer }> {
  if (command === '/admin-create') {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email) return { status: 400, answer: { ok: false, message: 'Give the email address of an existing account.' } };
    const result = await promoteToAdmin(ctx.db, email, ctx.now());
    return { status: 200, answer: { ok: result.outcome !== 'unknown-email', message: promotionMessage(result, ctx.env.PUBLIC_URL) } };
  }
  if (command === '/backup') {
    const to = typeof body.to === 'string' && path.isAbsolute(body.to) ? body.to : backupsDir(ctx.env.DATA_DIR);
    const source = { database: ctx.database, dataDir: ctx.env.DATA_DIR };
    const file = await ctx.database.withLock(LOCKS.backup, () => writeBackup(source, to, 'manual'));
    return { status: 200, answer: { ok: true, message: `Backup written to ${file}`, file } };
  }
  if (command === '/go-live-check') {
    const timeoutMs = typeof body.timeoutMs === 'number' && body.timeoutMs > 0 ? body.timeoutMs : undefined;
    const report = await goLiveReport(ctx.env, ctx.db, ctx.now, timeoutMs);
    return { status: 200, answer: { ok: report.ok, message: report.text } };
  }
  return { status: 404, answer: { ok: false, message: `Unknown command ${command}` } };
}

/** Starts the control listener and writes control.json; stop() closes it and removes the file. */
export async function startControlServer(ctx: ServerContext): Promise<{ stop(): Promise<void> }> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = createServer((req, res) => {
    const send = (status: number, answer: ControlAnswer) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    const given = Buffer.from(req.headers.authorization ?? '');
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected))
      return send(403, { ok: false, message: 'Forbidden' });
    if (req.method !== 'POST') return send(405, { ok: false, message: 'POST only' });
    readJson(req)
      .then((body) => runCommand(ctx, req.url ?? '', body))
      .then(({ status, answer }) => send(status, answer))
      .catch((err: unknown) => {
        ctx.logger.error({ err, command: req.url }, 'control command failed');
        send(500, { ok: false, message: err instanceof Error ? err.message : String(err) });
      });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const file = controlFilePath(ctx.env.DATA_DIR);
  rmSync(file, { force: true });
  const control: ControlFile = { pid: process.pid, port, token };
  writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  return {
    async stop() {
      if (readControlFile(ctx.env.DATA_DIR)?.token === token) rmSync(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
