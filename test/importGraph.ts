// The import graph of dambord's TypeScript, read from the files' import and export statements
// (type-only imports included: a type alias ties two files as much as a value does), and the
// cycles in it. `test/layers.test.ts` holds host/ and rules/ to none.
import fs from 'node:fs';
import path from 'node:path';

/** Files (repository paths, `/`-separated) and the relative imports each makes, resolved to repository paths. */
export type ImportGraph = Map<string, string[]>;

const SPEC = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** The relative imports of one file's text, resolved against its path: `importsOf('a/b.ts', "import x from '../c.ts'")` → `['c.ts']`. */
export function importsOf(file: string, text: string): string[] {
  const dir = path.posix.dirname(file);
  return [...text.matchAll(SPEC)].map((m) => path.posix.normalize(path.posix.join(dir, m[2])));
}

/** The graph of the given files' texts (repository path → text); imports of files not given are left out. */
export function graphOf(texts: Map<string, string>): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, text] of texts) graph.set(file, [...new Set(importsOf(file, text))].filter((to) => texts.has(to)));
  return graph;
}

/** The texts of every .ts file under the given folders of the repository at `root` (node_modules left out). */
export function readTree(root: string, folders: string[]): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) texts.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  for (const folder of folders) walk(folder);
  return texts;
}

/**
 * The import cycles of a graph, one per strongly connected component of more than one file (or a
 * file importing itself), each named by a path round it that starts and ends at its first file in
 * sorted order: `['a.ts → b.ts → a.ts']`. None: `[]`.
 */
export function cycles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return components.sort((a, b) => a[0].localeCompare(b[0])).map((c) => roundPath(graph, new Set(c), c[0]).join(' → '));
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function roundPath(graph: ImportGraph, inside: Set<string>, start: string): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const back = [v];
        for (let u = v; u !== start; u = from.get(u)!) back.push(from.get(u)!);
        return [...back.reverse(), start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
