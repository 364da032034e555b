import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { serveCommands, type CommandResult } from './command-socket';
import { claimDataDir, commandSocketPath } from './owner-lock';

export interface DataDirPluginOptions {
  readonly dataDir: string;
  /** Whether this process opens an embedded part (PGlite or Azurite) under dataDir and so must own it. */
  readonly embedded: boolean;
  /** Whether CLI commands run through this process while it owns the folder (the long-running portal). */
  readonly answerCommands: boolean;
}

async function runHere(app: FastifyInstance, args: readonly string[]): Promise<CommandResult> {
  const { runCli } = await import('../cli');
  const out: string[] = [];
  const err: string[] = [];
  const running = { app, close: async () => undefined };
  const code = await runCli(args, { out: (text) => out.push(text), err: (text) => err.push(text) }, {
    accounts: async () => running,
    everything: async () => running,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** DESIGN.md: the embedded data folder has exactly one owner process; the CLI reaches the data through it. */
export const dataDirPlugin = fp<DataDirPluginOptions>(
  async (app, options) => {
    if (!options.embedded) return;
    const lock = claimDataDir(options.dataDir);
    let commands: { close(): Promise<void> } | undefined;
    app.addHook('onClose', async () => {
      await commands?.close();
      lock.release();
    });
    if (!options.answerCommands) return;
    app.addHook('onReady', async () => {
      commands = await serveCommands(commandSocketPath(options.dataDir), (args) => runHere(app, args));
    });
  },
  { name: 'data-dir' },
);
