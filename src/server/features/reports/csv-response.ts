// A CSV download written as it is read: the first rows are read before the answer starts (so a
// database that is down gets the shop's usual error, not a cut file), the rest as the client takes them.
import type { Context } from 'hono';

const HEADERS = (filename: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'no-store',
});

export function csvFile(c: Context, filename: string, csv: string): Response {
  return c.body(csv, 200, HEADERS(filename));
}

export async function csvStream(c: Context, filename: string, chunks: AsyncGenerator<string>): Promise<Response> {
  const encoder = new TextEncoder();
  const first: string[] = [];
  for (let i = 0; i < 2; i++) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of first) controller.enqueue(encoder.encode(chunk));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return c.body(body, 200, HEADERS(filename));
}
