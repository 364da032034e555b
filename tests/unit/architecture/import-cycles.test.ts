import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOptions, importCycles, importedSpecifiers, importGraph, sourceFiles } from './import-graph';

const root = path.resolve(import.meta.dirname, '../../..');
const options = compilerOptions(path.join(root, 'tsconfig.json'));
const named = (cycle: readonly string[], from = root) => cycle.map((file) => path.relative(from, file)).join(' -> ');

describe('layers read one way: no import cycles among src, machines and server (type-only imports too)', () => {
  it('no file imports, however indirectly, a file that imports it', () => {
    const files = sourceFiles(root, ['src', 'machines', 'server']);
    const graph = importGraph(files, options);
    expect(files.length, 'the walk found the sources').toBeGreaterThan(500);
    expect(importCycles(graph).map((cycle) => named(cycle)), 'import cycles (break each by moving what both sides need to a third file, or passing it in)').toEqual([]);
  });

  it("SQL lives in repositories: no server view.ts imports the query builder", () => {
    const views = sourceFiles(root, ['server']).filter((file) => path.basename(file) === 'view.ts');
    expect(views.length, 'the server has views').toBeGreaterThan(0);
    const writingSql = views.filter((file) => importedSpecifiers(file).some((specifier) => specifier === 'kysely' || specifier.startsWith('kysely/')));
    expect(writingSql.map((file) => path.relative(root, file))).toEqual([]);
  });

  describe('the walk itself', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const write = (name: string, text: string) => {
      writeFileSync(path.join(folder, name), text);
      return path.join(folder, name);
    };
    const cyclesAmong = (files: readonly string[]) => importCycles(importGraph(files, options)).map((cycle) => named(cycle, folder));

    it('names a cycle closed by a type-only import, a re-export, an import() call or an import type', () => {
      const files = [
        write('view.ts', "import type { Row } from './repository';\nexport const view = (row: Row) => row.id;\n"),
        write('repository.ts', "import { view } from './view';\nexport interface Row { id: string }\nexport const list = () => view;\n"),
        write('app.ts', "export { main } from './cli';\nexport const build = () => 1;\n"),
        write('cli.ts', "export async function main() { return (await import('./app.ts')).build(); }\n"),
        write('report.ts', "export const describe = (summary: import('./restore').Summary) => summary.rows;\n"),
        write('restore.ts', "import { describe } from './report';\nexport interface Summary { rows: number }\nexport const restore = () => describe({ rows: 1 });\n"),
        write('leaf.ts', "import { view } from './view';\nexport const leaf = view;\n"),
      ];
      expect(cyclesAmong(files)).toEqual(['app.ts -> cli.ts -> app.ts', 'report.ts -> restore.ts -> report.ts', 'repository.ts -> view.ts -> repository.ts']);
    });

    it('names each loop through a group of three files', () => {
      const files = [
        write('a.ts', "import { b } from './b';\nexport const a = () => b;\n"),
        write('b.ts', "import { c } from './c';\nimport { a } from './a';\nexport const b = () => [a, c];\n"),
        write('c.ts', "import { a } from './a';\nexport const c = () => a;\n"),
      ];
      expect(cyclesAmong(files)).toEqual(['a.ts -> b.ts -> a.ts', 'a.ts -> b.ts -> c.ts -> a.ts']);
    });

    it('finds nothing where imports run one way', () => {
      const files = [write('top.ts', "import { low } from './low';\nexport const top = low;\n"), write('low.ts', 'export const low = 1;\n')];
      expect(cyclesAmong(files)).toEqual([]);
    });
  });
});
