import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Which files of a folder a jest file runs: those named in `only`, or all but those in `except`. */
export interface FolderPart {
	only?: string[];
	except?: string[];
}

/**
 * Runs the tests of every file in `folder` within the calling jest file, each file under a
 * `describe` of its name. Jest gives every test file a module registry of its own, so n8n's
 * engine, the node and the sandbox load, and warm up, once per jest file (about a second of
 * CPU each); a folder of related tests shares that once. A file added to the folder runs with it.
 * A folder too heavy for one worker is run by two jest files, one with `only` and one with the same
 * names as `except`, so that two workers share it and every file still runs once.
 */
export function runFolder(folder: string, { only, except = [] }: FolderPart = {}): void {
	const files = readdirSync(folder).filter(
		(name) => name.endsWith('.ts') && (only ? only.includes(name) : !except.includes(name)),
	);
	for (const name of only ?? []) if (!files.includes(name)) throw new Error(`${folder} has no file ${name}`);
	for (const file of files.sort()) {
		describe(basename(file, '.ts'), () => {
			require(join(folder, file));
		});
	}
}
