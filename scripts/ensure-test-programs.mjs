// Makes sure the system programs the tests run are there: Debian's Chromium (browser journeys),
// nginx (instances behind a reverse proxy) and pgbouncer (queries through a connection pooler).
// Installs the missing ones when running as root, otherwise stops with a message saying how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PROGRAMS = [
  { name: 'Chromium', package: 'chromium', path: () => process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  { name: 'nginx', package: 'nginx', path: () => process.env.NGINX_PATH ?? '/usr/sbin/nginx' },
  { name: 'pgbouncer', package: 'pgbouncer', path: () => process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer' },
];

/** The path of each program, installing Debian's packages for the missing ones; exits when that cannot be done. */
export function ensureTestPrograms() {
  const missing = PROGRAMS.filter((p) => !existsSync(p.path()));
  if (missing.length && process.getuid?.() === 0) {
    const packages = missing.map((p) => p.package).join(' ');
    console.log(`Missing for the tests: ${missing.map((p) => p.name).join(', ')}; installing Debian's ${packages}…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
  }
  const still = PROGRAMS.filter((p) => !existsSync(p.path()));
  if (still.length) {
    for (const p of still) console.error(`\n${p.name} is needed by the tests but was not found at ${p.path()}.`);
    console.error(
      `Install with: sudo apt-get install -y ${still.map((p) => p.package).join(' ')}   (or set CHROME_PATH, NGINX_PATH, PGBOUNCER_PATH)\n`,
    );
    process.exit(1);
  }
  return Object.fromEntries(PROGRAMS.map((p) => [p.package, p.path()]));
}

if (import.meta.url === `file://${process.argv[1]}`) ensureTestPrograms();
