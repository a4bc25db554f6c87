import { join } from 'node:path';

import { REPO_ROOT } from './config';

interface Analysis {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	analyzePackage(dir: string, patterns: string[]): Promise<Analysis>;
	SOURCE_FILE_PATTERNS: string[];
}

export interface ScanLeg {
	name: string;
	dir: string;
	patterns: string[];
	analysis: Analysis;
}

/**
 * n8n's community package scanner (`@n8n/scan-community-package`) as `npx
 * @n8n/scan-community-package <name>` runs it on a published package, minus the registry: its
 * source leg lints the repository's package.json, nodes/ and credentials/ with the full rule set,
 * its tarball leg lints the packed `.js` files and package.json. Its CLI only scans published
 * packages, so the analyser module is imported and pointed at local folders.
 */
export async function scanPackage(unpackedDir: string): Promise<ScanLeg[]> {
	const scanner = (await import(
		join(REPO_ROOT, 'node_modules/@n8n/scan-community-package/scanner/scanner.mjs')
	)) as Scanner;
	const legs = [
		{ name: 'source (package.json, nodes/, credentials/)', dir: REPO_ROOT, patterns: scanner.SOURCE_FILE_PATTERNS },
		{ name: 'tarball (packed .js and package.json)', dir: unpackedDir, patterns: ['**/*.js', 'package.json'] },
	];
	const results: ScanLeg[] = [];
	for (const leg of legs) results.push({ ...leg, analysis: await scanner.analyzePackage(leg.dir, leg.patterns) });
	return results;
}

/** "Reports nothing": no errors and no warnings, although the scanner itself passes with warnings. */
export const isClean = (leg: ScanLeg) => leg.analysis.passed && !leg.analysis.details?.trim();
