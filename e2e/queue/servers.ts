import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

import { freePort } from '../ports';
import { runCommand, startService, type Service } from '../processes';
import { sleep } from '../wait';

export interface Database {
	host: string;
	port: number;
	name: string;
	user: string;
	service: Service;
}

export interface Redis {
	host: string;
	port: number;
	service: Service;
}

const LOOPBACK = '127.0.0.1';
const DATABASE = 'n8n';

/** Debian's PostgreSQL server programs (the `postgresql` package), newest version first. */
function postgresBin(): string {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((version) => existsSync(join(root, version, 'bin', 'postgres')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (!versions.length) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
	return join(root, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root; as root it runs as Debian's `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
	return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * A throwaway PostgreSQL: a new cluster in a temporary folder, on a free loopback port, trusting
 * loopback connections, with one database for n8n. `stop` ends it and removes the folder.
 */
export async function startPostgres(logFile: string): Promise<Database & { stop(): Promise<void> }> {
	const bin = postgresBin();
	const dir = mkdtempSync(join(tmpdir(), 'e2e-postgres-'));
	if (userInfo().uid === 0) chownSync(dir, ...postgresIds());
	const data = join(dir, 'data');
	await runCommand(...asServerUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']), {
		timeoutMs: 60_000,
		label: 'initdb',
	});
	const port = await freePort();
	const [command, args] = asServerUser(join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-k',
		dir,
		'-c',
		`listen_addresses=${LOOPBACK}`,
		'-c',
		'fsync=off',
	]);
	const service = startService(command, args, { env: process.env, logFile });
	const database = { host: LOOPBACK, port, name: DATABASE, user: 'postgres', service };
	await untilAnswers('PostgreSQL (apt-get install -y postgresql)', service, async () => {
		await psql(database, 'postgres', `CREATE DATABASE ${DATABASE}`);
	});
	return {
		...database,
		async stop() {
			await service.stop();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

function postgresIds(): [number, number] {
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('postgres:'));
	if (!line) throw new Error('no postgres user (the postgresql package makes one)');
	const [, , uid, gid] = line.split(':');
	return [Number(uid), Number(gid)];
}

/** One SQL statement through psql; its rows as tab-separated lines. */
export async function psql(database: Omit<Database, 'service' | 'name'>, name: string, sql: string): Promise<string> {
	const { stdout } = await runCommand(
		'psql',
		['-h', database.host, '-p', String(database.port), '-U', database.user, '-d', name, '-At', '-F', '\t', '-c', sql],
		{ timeoutMs: 30_000, label: 'psql' },
	);
	return stdout;
}

/** A throwaway Redis (Debian's `redis-server`) on a free loopback port, keeping nothing on disk. */
export async function startRedis(logFile: string): Promise<Redis> {
	const dir = mkdtempSync(join(tmpdir(), 'e2e-redis-'));
	const port = await freePort();
	const config = join(dir, 'redis.conf');
	writeFileSync(config, [`bind ${LOOPBACK}`, `port ${port}`, `dir ${dir}`, 'save ""', 'appendonly no', ''].join('\n'));
	const service = startService('redis-server', [config], { env: process.env, logFile });
	const redis = { host: LOOPBACK, port, service };
	await untilAnswers('Redis (apt-get install -y redis-server)', service, async () => {
		const { stdout } = await runCommand('redis-cli', ['-h', LOOPBACK, '-p', String(port), 'ping'], {
			timeoutMs: 5_000,
			label: 'redis-cli ping',
		});
		if (stdout.trim() !== 'PONG') throw new Error(`redis-cli ping answered ${stdout}`);
	});
	void service.exited.then(() => rmSync(dir, { recursive: true, force: true }));
	return redis;
}

async function untilAnswers(what: string, service: Service, probe: () => Promise<void>): Promise<void> {
	let exit: string | undefined;
	void service.exited.then((why) => (exit = why));
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			return await probe();
		} catch (error) {
			if (exit) throw new Error(`${what} ${exit} before it answered`);
			if (Date.now() > deadline) throw new Error(`${what} did not answer within 30 s: ${(error as Error).message}`);
			await sleep(300);
		}
	}
}
