// The server's domains (src/server/modules/*) form one order, written down in docs/ARCHITECTURE.md
// («Domain order»): a domain imports only domains listed before it, so no two domains ever lean on each
// other. The lint holds the public faces (eslint.config.js); this holds the order, type imports included,
// and keeps every file of the server out of import cycles too. A regex reading of the imports is enough
// here and takes milliseconds where a lint cycle rule walks the whole tree.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const SERVER = join(ROOT, 'src', 'server');
const MODULES = join(SERVER, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.[^']+)'/g;

/** The server files `file` imports (relative specifiers, resolved as TypeScript does). */
function importsOf(file: string): string[] {
  const targets: string[] = [];
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const base = resolve(dirname(file), spec ?? '');
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find(
      (path) => existsSync(path) && statSync(path).isFile(),
    );
    if (found?.startsWith(SERVER)) targets.push(found);
  }
  return targets;
}

/** One cycle of the graph, as the path round it, or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

const files = sourceFiles(SERVER);
const fileGraph = new Map(files.map((file) => [file, new Set(importsOf(file))]));
const domainOf = (file: string) => relative(MODULES, file).split('/')[0] ?? '';
const inModules = (file: string) => !relative(MODULES, file).startsWith('..');

/** Domain → the domains it imports, each with one file-level import that makes the edge. */
const domainGraph = new Map<string, Map<string, string>>();
for (const [file, targets] of fileGraph) {
  if (!inModules(file)) continue;
  const from = domainOf(file);
  const edges = domainGraph.get(from) ?? new Map<string, string>();
  domainGraph.set(from, edges);
  for (const target of targets) {
    const to = domainOf(target);
    if (inModules(target) && to !== from && !edges.has(to)) {
      edges.set(to, `${relative(ROOT, file)} → ${relative(ROOT, target)}`);
    }
  }
}

/** The order docs/ARCHITECTURE.md gives: the backquoted names of the «Domain order» list, lowest first. */
function documentedOrder(): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const section = doc.split(/^### Domain order$/m)[1]?.split(/^#/m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .flatMap((line) =>
      [...(line.split(' — ')[0] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1] ?? ''),
    );
}

describe('the server’s import order', () => {
  it('has no cycle among the domains', () => {
    const graph = new Map([...domainGraph].map(([from, edges]) => [from, new Set(edges.keys())]));
    const cycle = findCycle(graph);
    const why = cycle?.slice(1).map((to, i) => domainGraph.get(cycle[i] ?? '')?.get(to));
    expect(cycle && [cycle.join(' → '), ...(why ?? [])]).toBeNull();
  });

  it('has no cycle among the files', () => {
    const cycle = findCycle(fileGraph);
    expect(cycle?.map((file) => relative(ROOT, file))).toBeUndefined();
  });

  it('follows the documented domain order', () => {
    const order = documentedOrder();
    const dirs = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());
    expect([...order].sort()).toEqual([...dirs].sort());
    const upward = [...domainGraph].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => order.indexOf(to) > order.indexOf(from))
        .map(([to, why]) => `${from} imports ${to}, listed after it: ${why}`),
    );
    expect(upward).toEqual([]);
  });
});
