// Node's own process metrics (CPU, memory, event-loop delay, garbage collection, handles). They
// describe the process, not an app, so every app of the process shares one registry of them; it is
// made at the first scrape, as each one starts an event-loop monitor and a GC observer for good (a
// test process makes hundreds of apps, and most are never scraped). Never prom-client's global
// registry, which any other library in the process could write to.
import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | null = null;

export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
