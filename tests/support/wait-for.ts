// Waiting for what a test can observe (a row, a log line, a connection) instead of for a fixed time:
// the condition is checked often, and only a condition that never comes fails, after `timeoutMs`.

export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
