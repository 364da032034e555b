import { runFromShell, type CliOutput } from './cli';
import { loadConfig } from './config';

// `npm run cli -- <command>`: the entry is its own file, so importing the commands never runs them.
const output: CliOutput = { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) };
try {
  process.exitCode = await runFromShell(process.argv.slice(2), output, loadConfig(process.env, { serveSpa: false }));
} catch (error) {
  output.err(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
