import { cpSync, existsSync } from 'node:fs';
import { databaseFolder } from '../../../server/backup/folder-contents';
import { pgliteTemplate } from '../../support/pglite-template';

/**
 * Before a browser-test portal starts on the embedded database: its empty DATA_DIR gets a copy of the migrated, empty
 * PGlite folder the API tests share (made once per PGlite version and set of migrations), so the portal opens a
 * database instead of running initdb, seconds of CPU while the other portals start beside it. The portal then
 * migrates (nothing to do) and loads the demo data as on any empty database.
 */
const dataDir = process.env.DATA_DIR ?? '';
if (!dataDir) throw new Error('DATA_DIR is not set');
const target = databaseFolder(dataDir);
if (existsSync(target)) throw new Error(`${target} exists already: the portal's data folder is not empty`);
cpSync(await pgliteTemplate(), target, { recursive: true });
