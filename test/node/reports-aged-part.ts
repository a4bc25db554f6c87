import type { FolderPart } from '../suite';

/**
 * The files of test/node/reports-aged/ that reports-aged-hunt.test.ts runs; reports-aged.test.ts
 * runs the others. The folder alone took a worker longer than the rest of the suite took the others.
 */
export const HUNT_FILES: string[] = ['aged-today-reads.ts', 'hunt-aged.ts'];
export const huntPart: FolderPart = { only: HUNT_FILES };
export const restPart: FolderPart = { except: HUNT_FILES };
