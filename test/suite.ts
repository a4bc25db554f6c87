import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Runs the tests of every file in `folder` within the calling jest file, each file under a
 * `describe` of its name. Jest gives every test file a module registry of its own, so n8n's
 * engine, the node and the sandbox load, and warm up, once per jest file (about a second of
 * CPU each); a folder of related tests shares that once. A file added to the folder runs with it.
 */
export function runFolder(folder: string): void {
	const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
	for (const file of files.sort()) {
		describe(basename(file, '.ts'), () => {
			require(join(folder, file));
		});
	}
}
