import { describe, expect, it } from 'vitest';
import { currentReadme, machinesTable, withTable } from './machines-readme';

describe('machines/README.md', () => {
  it('lists every machine as the registry has it (run `npm run docs:machines` after changing one)', async () => {
    const readme = currentReadme();
    expect(readme).toBe(withTable(readme, await machinesTable()));
  });

  it('stays a page', () => {
    expect(currentReadme().split('\n').length).toBeLessThanOrEqual(80);
  });
});
