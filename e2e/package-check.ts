import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './config';

/** What a user's install may contain: the build, the README, the licence and package.json. */
export function unexpectedFiles(files: string[]): string[] {
	return files.filter((file) => !['package.json', 'README.md', 'LICENSE'].includes(file) && !file.startsWith('dist/'));
}

/** Every node and credential package.json announces to n8n must be in the tarball. */
export function missingEntryPoints(files: string[]): string[] {
	const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const entryPoints = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
	return entryPoints.filter((entry) => !files.includes(entry));
}

/** Throws unless the tarball holds exactly what it should. */
export function checkTarballContents(files: string[]): string {
	const extra = unexpectedFiles(files);
	if (extra.length)
		throw new Error(
			`npm pack would ship files outside dist/, README.md, LICENSE, package.json: ${extra.join(', ')} (adjust "files" in package.json)`,
		);
	const missing = missingEntryPoints(files);
	if (missing.length)
		throw new Error(
			`package.json's n8n section names files the tarball lacks: ${missing.join(', ')} (run npm run build)`,
		);
	for (const required of ['package.json', 'README.md', 'LICENSE']) {
		if (!files.includes(required)) throw new Error(`the tarball lacks ${required}`);
	}
	return `${files.length} files: package.json, README.md, LICENSE and ${files.filter((file) => file.startsWith('dist/')).length} under dist/`;
}
