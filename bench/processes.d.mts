// Types of bench/processes.mjs for the TypeScript benches.
export function startShop(
  dist: string,
  opts?: { databaseUrl?: string; env?: Record<string, string> },
): Promise<{ url: string; stop: () => Promise<void>; pid: number }>;
