import { performance } from 'node:perf_hooks';

export type TimeStep = <T>(name: string, work: () => Promise<T>) => Promise<T>;

export const untimed: TimeStep = (_name, work) => work();

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Times each start-up step and prints what it cost, so a slow start says where its time went. */
export function printedSteps(print: (line: string) => void = console.log): { time: TimeStep; elapsed(): string } {
  const started = performance.now();
  return {
    async time(name, work) {
      const begun = performance.now();
      const result = await work();
      print(`  ${name.padEnd(28)} ${seconds(performance.now() - begun).padStart(6)}`);
      return result;
    },
    elapsed: () => seconds(performance.now() - started),
  };
}
