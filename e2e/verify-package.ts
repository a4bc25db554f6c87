/**
 * npm run verify:package — what n8n would see of the package before installing it: the tarball's
 * contents, and n8n's community package scanner on the sources and on the tarball (which
 * covers the community lint rules on the packed content). Exits non-zero on any finding.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { isClean, scanPackage } from './community-scan';
import { info, printTimings, step } from './log';
import { checkTarballContents } from './package-check';
import { buildPackage, packPackage, unpackInto } from './stage-package';

async function main(): Promise<number> {
	const root = mkdtempSync(join(tmpdir(), 'verify-package-'));
	try {
		await step('build', buildPackage);
		const packed = await step('npm pack: contents', async () => {
			const result = await packPackage(join(root, 'pack'));
			info(checkTarballContents(result.files));
			return result;
		});
		const unpacked = await unpackInto(packed.tarball, join(root, 'unpacked'));
		const legs = await step("n8n's community package scanner", async () => await scanPackage(unpacked));
		let clean = true;
		for (const leg of legs) {
			info(`${leg.name}: ${isClean(leg) ? 'nothing reported' : (leg.analysis.message ?? 'findings')}`);
			if (!isClean(leg)) {
				clean = false;
				console.log(leg.analysis.details?.replaceAll(leg.dir, '.') ?? '');
			}
		}
		printTimings();
		if (!clean) console.error('\nverify:package: the scanner reported findings (above).');
		return clean ? 0 : 1;
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(`verify:package failed: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	},
);
