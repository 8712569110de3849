// A comment or document that names a file of this repository names one that exists: a reader who
// follows it finds it. Migrations are read too: a comment in one may be corrected (the migrator
// compares no checksums; only the statements must never change once applied).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READ = ['src', 'tests', 'docs', 'scripts', 'README.md'];
const REFERENCE = /\b(?:src|tests|docs|scripts)\/[\w./-]+\.(?:tsx?|mjs|md|sql|json)\b/g;

function filesUnder(relative: string): string[] {
  const at = path.join(root, relative);
  if (!existsSync(at)) return [];
  if (statSync(at).isFile()) return [relative];
  return readdirSync(at).flatMap((name) => filesUnder(path.join(relative, name)));
}

describe('file references', () => {
  it('every path named in the code, tests and docs exists', () => {
    const missing: string[] = [];
    for (const file of READ.flatMap(filesUnder).filter((f) => /\.(tsx?|mjs|md|sql)$/.test(f))) {
      for (const named of readFileSync(path.join(root, file), 'utf8').match(REFERENCE) ?? []) {
        if (!existsSync(path.join(root, named))) missing.push(`${file} names ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
