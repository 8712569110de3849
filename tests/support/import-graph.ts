// The imports of a source folder as a graph, for the tests that keep a layout's imports running one
// way (src/server/folder-cycles.test.ts, src/web/folder-cycles.test.ts). Relative and '@/' imports
// count, `import type` and `import()` too; packages do not.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** The folder a file belongs to for the layout's rules, or null for a file outside every folder. */
export type FolderOf = (file: string) => string | null;

function sourceFiles(dir: string, skipFolders: readonly string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipFolders.includes(entry.name) ? [] : sourceFiles(full, skipFolders);
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

/** Every file under `root` (but in `skipFolders`) with the files under `root` it imports. */
export function importGraph(root: string, skipFolders: readonly string[] = []): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root, skipFolders)) {
    const targets = new Set<string>();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[2] ?? match[4] ?? match[6] ?? '');
      if (target && target.startsWith(root + path.sep) && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
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
function folderEdges(root: string, graph: Map<string, Set<string>>, folderOf: FolderOf): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from)!;
      if (!out.has(to)) out.set(to, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
  }
  return edges;
}

/** Each cycle between folders, with the file imports that close it. */
export function folderCycles(root: string, graph: Map<string, Set<string>>, folderOf: FolderOf): string[] {
  const edges = folderEdges(root, graph, folderOf);
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
  return cycles(nodes, (node) => edges.get(node)?.keys() ?? []).map((component) => {
    const via = component.flatMap((from) =>
      component.filter((to) => edges.get(from)?.has(to)).map((to) => `    ${from} -> ${to} (${edges.get(from)!.get(to)})`),
    );
    return [component.join(' <-> '), ...via].join('\n');
  });
}

/** Each cycle between files. */
export function fileCycles(root: string, graph: Map<string, Set<string>>): string[] {
  return cycles(graph.keys(), (file) => graph.get(file) ?? []).map((component) =>
    component.map((file) => path.relative(root, file)).join(' <-> '),
  );
}
