// The gauges this instance keeps in memory, read at scrape time without touching the database: the
// database pool's connections, the live-feed streams open now, the rendered pages kept.
import { Gauge, type Registry } from 'prom-client';
import type { ConnectionCounts } from '../../db/client';

export interface InstanceSources {
  engine: 'pglite' | 'postgres';
  connections: () => ConnectionCounts;
  liveStreams: () => Promise<{ customer: number; staff: number }>;
  /** The rendered pages' cache once the page renderer made it (never, without a built web app). */
  pageCache: () => { readonly bytes: number } | null;
}

export function registerInstanceGauges(registry: Registry, sources: InstanceSources): void {
  const registers = [registry];
  new Gauge({
    name: 'shop_db_pool_max_connections',
    help: 'The most database connections the pool may open (PGlite: its one connection inside the process).',
    labelNames: ['engine'],
    registers,
    collect() {
      this.set({ engine: sources.engine }, sources.connections().max);
    },
  });
  // PGlite's queue for its one connection is not visible: these are PostgreSQL's only.
  if (sources.engine === 'postgres') {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Database connections the pool holds open, by state: in_use (checked out) or idle.',
      labelNames: ['state'],
      registers,
      collect() {
        const { inUse, idle } = sources.connections();
        this.set({ state: 'in_use' }, inUse ?? 0);
        this.set({ state: 'idle' }, idle ?? 0);
      },
    });
    new Gauge({
      name: 'shop_db_pool_waiting',
      help: 'Callers waiting for a database connection because every one the pool may open is in use.',
      registers,
      collect() {
        this.set(sources.connections().waiting ?? 0);
      },
    });
  }
  new Gauge({
    name: 'shop_live_streams',
    help: 'Live-feed (Server-Sent Events) streams open on this instance: customers’ own order feeds and the back office’s.',
    labelNames: ['audience'],
    registers,
    async collect() {
      const { customer, staff } = await sources.liveStreams();
      this.set({ audience: 'customer' }, customer);
      this.set({ audience: 'staff' }, staff);
    },
  });
  new Gauge({
    name: 'shop_page_cache_bytes',
    help: 'Bytes of the server-rendered pages kept in memory (each page plain, gzip and brotli).',
    registers,
    collect() {
      this.set(sources.pageCache()?.bytes ?? 0);
    },
  });
}
