// The shop and its commands (src/server/index.ts, src/server/cli/*.ts) bundled for the tests that run
// them as processes, once per state of the sources and shared by every worker and later run. A
// process on the bundle starts on about a second of CPU; `node --import tsx` spent six or more
// resolving and compiling the sources module by module, on every start of every such test. The
// bundle is made as `npm run build` makes dist/server (esbuild, dependencies left to node_modules),
// so it runs the same code a person runs with `npm start` or `npm run db:migrate`.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules/.cache/shop-server-build');
const CLI = 'src/server/cli';
/** Bundles of other source states are removed once this old (another checkout may share node_modules). */
const STALE_MS = 24 * 60 * 60_000;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.test\.tsx?$/.test(e.name) ? [] : [full];
  });
}

/** What the bundle is made of: every source file (tests aside), the TypeScript settings and the lock file. */
function sourcesHash(): string {
  const hash = createHash('sha1');
  const files = [...filesUnder(path.join(ROOT, 'src')), path.join(ROOT, 'tsconfig.json'), path.join(ROOT, 'package-lock.json')].sort();
  for (const file of files) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function removeStale(keep: string): void {
  for (const name of readdirSync(CACHE)) {
    const dir = path.join(CACHE, name);
    if (dir !== keep && Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
  }
}

let bundle: Promise<string> | undefined;

/** The folder holding index.js (the shop), one <command>.js per command, and the migrations. */
function builtServer(): Promise<string> {
  bundle ??= (async () => {
    const dir = path.join(CACHE, sourcesHash());
    if (existsSync(path.join(dir, 'index.js'))) return dir;
    const building = `${dir}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    const commands = readdirSync(path.join(ROOT, CLI)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'cli-support.ts',
    );
    await build({
      absWorkingDir: ROOT,
      entryPoints: {
        index: 'src/server/index.ts',
        ...Object.fromEntries(commands.map((f) => [path.basename(f, '.ts'), `${CLI}/${f}`])),
      },
      outdir: building,
      bundle: true,
      splitting: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      logLevel: 'warning',
    });
    // Every chunk lies in the one folder, so the migrations are found beside whichever holds migrate.
    cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(building, 'migrations'), { recursive: true });
    try {
      renameSync(building, dir);
    } catch {
      // Another worker finished the same bundle first: use that one.
      rmSync(building, { recursive: true, force: true });
    }
    removeStale(dir);
    return dir;
  })();
  return bundle;
}

/** node's arguments to start the shop. */
export async function shopArgs(): Promise<string[]> {
  return [path.join(await builtServer(), 'index.js')];
}

/** node's arguments to run a command (`admin-create`, `backup`, `migrate`, …) with its own arguments. */
export async function commandArgs(name: string, args: string[] = []): Promise<string[]> {
  return [path.join(await builtServer(), `${name}.js`), ...args];
}
