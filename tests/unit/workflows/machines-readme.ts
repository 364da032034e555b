import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, StateNode } from 'xstate';
import { workflows } from '../../../src/features/workflows/registry';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const readmePath = path.join(root, 'machines/README.md');
const begin = '<!-- machines table: written by `npm run docs:machines` from src/features/workflows/registry.ts -->';
const end = '<!-- end of machines table -->';

const kebab = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function stateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
}

function tagsOf(machine: AnyStateMachine): string[] {
  return [...new Set(stateNodes(machine.root).flatMap((node) => [...node.tags]))].sort();
}

/** The table of machines as the README shows it: one row a machine, from the registry the diagrams use. */
export async function machinesTable(): Promise<string> {
  const rows = await Promise.all(
    workflows.map(async (workflow) => {
      const { machine } = await workflow.load();
      const name = kebab(workflow.id);
      const files = [`${name}.machine.ts`, ...(existsSync(path.join(root, 'machines', `${name}.selectors.ts`)) ? [`${name}.selectors.ts`] : [])];
      const states = stateNodes(machine.root).length - 1;
      const tags = tagsOf(machine).map((tag) => `\`${tag}\``).join(', ') || '-';
      return `| ${workflow.title} (\`/workflows/${workflow.id}\`) | ${files.map((file) => `\`${file}\``).join(', ')} | ${states} | ${tags} | ${workflow.governs} |`;
    }),
  );
  return ['| Workflow | Files | States | Tags | What it governs |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The README with its table section replaced by `table`. */
export function withTable(readme: string, table: string): string {
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`machines/README.md lacks the markers ${begin} … ${end}`);
  return `${readme.slice(0, from + begin.length)}\n${table}\n${readme.slice(to)}`;
}

export const currentReadme = () => readFileSync(readmePath, 'utf8');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(readmePath, withTable(currentReadme(), await machinesTable()));
  console.log(`wrote ${path.relative(root, readmePath)}`);
}
