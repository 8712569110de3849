// Types of bench/throughput.mjs for the TypeScript benches.
export const MEASURE_SECONDS: number;
export function compare<K extends string>(
  urls: Record<K, string>,
): Promise<Record<K, { rps: number; p99: number; ok: number; total: number }>>;
