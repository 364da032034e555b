import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;

/** Every source file under the given folders, as absolute paths. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return found.sort();
}

/** Every module a file names: static, type-only, re-exports, `import()` calls and `import('x').T` types. */
export function importedSpecifiers(file: string, text = readFileSync(file, 'utf8')): string[] {
  const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return specifiers;
}

export type ImportGraph = Map<string, string[]>;

/** Edges between the given files only (packages and files outside them are left out), resolved as tsc resolves them. */
export function importGraph(files: readonly string[], options: ts.CompilerOptions): ImportGraph {
  const inside = new Set(files);
  const graph: ImportGraph = new Map();
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importedSpecifiers(file)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
      const resolved = ts.resolveModuleName(specifier.replace(/\?.*$/, ''), file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      const target = resolved && path.resolve(resolved);
      if (target && inside.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The compiler options of a tsconfig.json, for resolving as the typecheck does. */
export function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfig)).options;
}

/** Strongly connected groups of two or more files (Tarjan): each group holds at least one cycle. */
function tangledGroups(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

/** The shortest way back from `start` to itself inside one group (breadth first). */
function shortestCycle(graph: ImportGraph, group: readonly string[], start: string): string[] {
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

/**
 * Each cycle in the graph as a path of files that ends where it starts, one per file caught in a
 * cycle (the shortest through it), without repeats.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const seen = new Set<string>();
  const cycles: string[][] = [];
  for (const group of tangledGroups(graph)) {
    for (const start of group) {
      const cycle = shortestCycle(graph, group, start);
      const ring = cycle.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0]!);
      const rotated = [...ring.slice(first), ...ring.slice(0, first)];
      const key = rotated.join(' -> ');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push([...rotated, rotated[0]!]);
    }
  }
  return cycles.sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}
