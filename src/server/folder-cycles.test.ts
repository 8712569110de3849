// The server's layout holds only while its imports run one way. This reads every import of every
// file under src/server (relative and '@/' paths; `import type` counts too) and fails on:
// - a cycle between folders: each features/<domain>, and each other top-level folder (auth,
//   back-office, db, dev, infra, integrations, seed, wiring, cli); the files at src/server's root
//   (app.ts, context.ts, ...) are the composition root and are not a folder;
// - a cycle between files, anywhere under src/server;
// - the shared back office (back-office/) importing a feature, and production code importing the
//   development stand-ins (dev/): only the root files and wiring/ may choose them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileCycles, folderCycles, importGraph } from '../../tests/support/import-graph';

const SERVER = path.dirname(fileURLToPath(import.meta.url));

/** features/<domain> for a feature's file, the top-level folder otherwise, null for a root file. */
function folderOf(file: string): string | null {
  const parts = path.relative(SERVER, file).split(path.sep);
  if (parts.length < 2) return null;
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? null;
}

describe('src/server imports run one way', () => {
  const graph = importGraph(SERVER, ['migrations']);

  it('reads the imports it checks', () => {
    expect(graph.size).toBeGreaterThan(100);
    const app = graph.get(path.join(SERVER, 'app.ts'));
    expect(app?.has(path.join(SERVER, 'context.ts'))).toBe(true);
  });

  it('has no cycle between folders (features/<domain>, infra, dev, back-office, ...)', () => {
    expect(folderCycles(SERVER, graph, folderOf)).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(fileCycles(SERVER, graph)).toEqual([]);
  });

  it('keeps the shared back office free of features, and the development stand-ins out of production code', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      const isTest = file.endsWith('.test.ts');
      for (const target of targets) {
        const to = folderOf(target);
        const edge = `${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`;
        if (from === 'back-office' && to?.startsWith('features/')) wrong.push(edge);
        if (to === 'dev' && from !== null && from !== 'dev' && from !== 'wiring' && !isTest) wrong.push(edge);
      }
    }
    expect(wrong).toEqual([]);
  });
});
