// The web app's layout holds only while its imports run one way: the app shell (app/, with the
// header and footer in app/layout/) composes the routes and the features; a route composes
// features; a feature uses the shared ui (components/ui/), lib/ and the features below it; ui and
// lib use nothing above them. The lint (eslint.config.js) names what each folder may import; this
// reads every import of every file under src/web and fails on a cycle between folders (each
// features/<name>, app, app/layout, components/ui, lib, routes) or between files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileCycles, folderCycles, importGraph } from '../../tests/support/import-graph';

const WEB = path.dirname(fileURLToPath(import.meta.url));
const SPLIT_FOLDERS = ['features', 'components', 'app'];

/** features/<name>, components/ui or app/layout for their files, the top-level folder otherwise; null for tests. */
function folderOf(file: string): string | null {
  const parts = path.relative(WEB, file).split(path.sep);
  // main.tsx, entry-server.tsx, boot.ts: the entries, which no folder imports.
  if (parts.length < 2) return null;
  // Tests and their harness stand outside the layout: a component test renders its page with the
  // app's providers (test-support/), and nothing of the app imports either.
  if (parts[0] === 'test-support' || /\.test\.tsx?$/.test(file)) return null;
  if (SPLIT_FOLDERS.includes(parts[0]!) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0] ?? null;
}

describe('src/web imports run one way', () => {
  const graph = importGraph(WEB);

  it('reads the imports it checks', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(path.join(WEB, 'app/root-layout.tsx'))?.has(path.join(WEB, 'app/layout/header.tsx'))).toBe(true);
    // '@/web/...' imports count as well as relative ones.
    const requireAuth = graph.get(path.join(WEB, 'features/account/components/require-auth.tsx'));
    expect(requireAuth?.has(path.join(WEB, 'components/ui/page-skeleton.tsx'))).toBe(true);
  });

  it('has no cycle between folders (features/<name>, app, app/layout, components/ui, lib, routes)', () => {
    expect(folderCycles(WEB, graph, folderOf)).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(fileCycles(WEB, graph)).toEqual([]);
  });
});
