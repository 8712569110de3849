// The list of files that run on both engines stays true: each names a test file that exists and
// asks for its engines by its own name.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_SUBJECTS } from '../support/engine-subjects';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the files tested on both engines', () => {
  it.each(Object.keys(ENGINE_SUBJECTS))('%s exists and asks for its engines', (file) => {
    const at = path.join(here, file);
    expect(existsSync(at)).toBe(true);
    expect(readFileSync(at, 'utf8')).toContain('dbKinds(import.meta.url)');
  });
});
