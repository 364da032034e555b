import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { serveCommands, type CommandResult } from './command-socket';
import { claimDataDir, commandSocketPath } from './owner-lock';

export interface DataDirPluginOptions {
  readonly dataDir: string;
  /** Whether this process opens an embedded part (PGlite or Azurite) under dataDir and so must own it. */
  readonly embedded: boolean;
  /**
   * How CLI commands run through this process while it owns the folder (the long-running portal, whose start
   * script passes the CLI's runner in); without it none do.
   */
  readonly answerCommands?: AppCommandRunner;
}

/** Runs one CLI command in the app that owns the data folder. */
export type AppCommandRunner = (app: FastifyInstance, args: readonly string[]) => Promise<CommandResult>;

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
    const { answerCommands } = options;
    if (!answerCommands) return;
    app.addHook('onReady', async () => {
      commands = await serveCommands(commandSocketPath(options.dataDir), (args) => answerCommands(app, args));
    });
  },
  { name: 'data-dir' },
);
