// The server's layout holds only while its imports run one way. This reads every import of every
// file under src/server (relative and '@/' paths; `import type` counts too) and fails on:
// - a cycle between folders: each features/<domain>, and each other top-level folder (auth,
//   back-office, db, dev, infra, integrations, seed, wiring, cli); the files at src/server's root
//   (app.ts, context.ts, ...) are the composition root and are not a folder;
// - a cycle between files, anywhere under src/server;
// - the shared back office (back-office/) importing a feature, and production code importing the
//   development stand-ins (dev/): only the root files and wiring/ may choose them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.dirname(SERVER);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT = /\bfrom\s+(['"])([^'"\n]+)\1|\bimport\s*\(\s*(['"])([^'"\n]+)\3\s*\)|^\s*import\s+(['"])([^'"\n]+)\5/gm;

/** Every file under src/server with the files under src/server it imports. */
function importGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const targets = new Set<string>();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[2] ?? match[4] ?? match[6] ?? '');
      if (target && target.startsWith(root + path.sep) && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** features/<domain> for a feature's file, the top-level folder otherwise, null for a root file. */
function folderOf(root: string, file: string): string | null {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length < 2) return null;
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? null;
}

/** Strongly connected components with more than one member (Tarjan): each is a cycle. */
function cycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const other of next(node)) {
      if (!index.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node)!, low.get(other)!));
      } else if (onStack.has(other)) {
        low.set(node, Math.min(low.get(node)!, index.get(other)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/** Folder-level edges, each with one file import that makes it (for the failure message). */
function folderEdges(root: string, graph: Map<string, Set<string>>): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(root, file);
    if (!from) continue;
    for (const target of targets) {
      const to = folderOf(root, target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from)!;
      if (!out.has(to)) out.set(to, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
  }
  return edges;
}

function folderCycles(root: string): string[] {
  const edges = folderEdges(root, importGraph(root));
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
  return cycles(nodes, (node) => edges.get(node)?.keys() ?? []).map((component) => {
    const via = component.flatMap((from) =>
      component.filter((to) => edges.get(from)?.has(to)).map((to) => `    ${from} -> ${to} (${edges.get(from)!.get(to)})`),
    );
    return [component.join(' <-> '), ...via].join('\n');
  });
}

function fileCycles(root: string): string[] {
  const graph = importGraph(root);
  return cycles(graph.keys(), (file) => graph.get(file) ?? []).map((component) =>
    component.map((file) => path.relative(root, file)).join(' <-> '),
  );
}

describe('src/server imports run one way', () => {
  const graph = importGraph(SERVER);

  it('reads the imports it checks', () => {
    expect(graph.size).toBeGreaterThan(100);
    const app = graph.get(path.join(SERVER, 'app.ts'));
    expect(app?.has(path.join(SERVER, 'context.ts'))).toBe(true);
  });

  it('has no cycle between folders (features/<domain>, infra, dev, back-office, ...)', () => {
    expect(folderCycles(SERVER)).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(fileCycles(SERVER)).toEqual([]);
  });

  it('keeps the shared back office free of features, and the development stand-ins out of production code', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(SERVER, file);
      const isTest = file.endsWith('.test.ts');
      for (const target of targets) {
        const to = folderOf(SERVER, target);
        const edge = `${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`;
        if (from === 'back-office' && to?.startsWith('features/')) wrong.push(edge);
        if (to === 'dev' && from !== null && from !== 'dev' && from !== 'wiring' && !isTest) wrong.push(edge);
      }
    }
    expect(wrong).toEqual([]);
  });
});
