// Makes sure Debian's Chromium is there for the browser tests: installs it when running as root,
// otherwise stops with a message saying how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    if (existsSync(path)) return path;
  }
  console.error(
    `\nChromium is needed for the browser tests but was not found at ${path}.\n` +
      'Install it with: sudo apt-get install -y chromium   (or set CHROME_PATH to a Chromium binary)\n',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
