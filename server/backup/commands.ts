import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { writeBackup } from './backup';
import { describeBackup, describeRestore } from './report';
import { restoreBackup } from './restore';

interface Output {
  out(text: string): void;
  err(text: string): void;
}

export async function backupCommand(app: FastifyInstance, file: string, output: Output): Promise<number> {
  output.out(describeBackup(await writeBackup(app, file)));
  return 0;
}

export async function restoreCommand(config: AppConfig, file: string, force: boolean, output: Output): Promise<number> {
  try {
    output.out(describeRestore(file, config.dataDir, await restoreBackup(config, file, force)));
    return 0;
  } catch (error) {
    output.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
