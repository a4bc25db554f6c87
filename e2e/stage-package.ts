import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_NAME, REPO_ROOT } from './config';
import { cleanEnv, runCommand } from './processes';

export interface PackedPackage {
	tarball: string;
	/** Paths inside the package, as `npm pack` lists them. */
	files: string[];
}

interface PackReport {
	filename: string;
	files: Array<{ path: string }>;
}

/** `npm pack` of the repository as it is (build first): exactly what a user would install. */
export async function packPackage(destination: string): Promise<PackedPackage> {
	mkdirSync(destination, { recursive: true });
	const { stdout } = await runCommand('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: REPO_ROOT,
		env: cleanEnv(),
		timeoutMs: 120_000,
		label: 'npm pack',
	});
	// npm 11 reports a list of packed packages, npm 12 an object keyed by package name.
	const reports = JSON.parse(stdout) as PackReport[] | Record<string, PackReport>;
	const report = Array.isArray(reports) ? reports[0] : reports[PACKAGE_NAME];
	return { tarball: join(destination, report.filename), files: report.files.map((file) => file.path) };
}

export async function buildPackage(): Promise<void> {
	await runCommand('npm', ['run', 'build', '--silent'], {
		cwd: REPO_ROOT,
		env: cleanEnv(),
		timeoutMs: 180_000,
		label: 'npm run build',
	});
}

/**
 * Unpacks the tarball as `<extensions>/n8n-nodes-accounting-service`, the folder to hand n8n in
 * N8N_CUSTOM_EXTENSIONS: n8n loads every `*.node.js` and `*.credentials.js` below it, and
 * resolves `n8n-workflow` from its own install.
 */
export async function unpackInto(tarball: string, extensionsDir: string): Promise<string> {
	const packageDir = join(extensionsDir, PACKAGE_NAME);
	mkdirSync(packageDir, { recursive: true });
	await runCommand('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], {
		timeoutMs: 60_000,
		label: 'unpack tarball',
	});
	return packageDir;
}
