import { join } from 'node:path';

import { instanceFolders, type N8nInstance } from '../n8n-env';
import { freePort } from '../ports';
import type { N8nProcess } from '../n8n-server';
import type { Database, Redis } from './servers';

/**
 * What every n8n process of one queue-mode installation must share: the database, Redis and the
 * encryption key (workers decrypt the credentials main stored). Binary data goes to the database:
 * workers and main do not share a disk.
 */
export function queueModeEnv(database: Database, redis: Redis, encryptionKey: string): NodeJS.ProcessEnv {
	return {
		EXECUTIONS_MODE: 'queue',
		N8N_ENCRYPTION_KEY: encryptionKey,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: database.host,
		DB_POSTGRESDB_PORT: String(database.port),
		DB_POSTGRESDB_DATABASE: database.name,
		DB_POSTGRESDB_USER: database.user,
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// A worker that dies is noticed within seconds (the defaults: a minute), and main marks its
		// executions crashed within half a minute (the default: three hours).
		QUEUE_WORKER_LOCK_DURATION: '15000',
		QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
		QUEUE_WORKER_STALLED_INTERVAL: '10000',
		N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '0.5',
	};
}

/** Main (editor, webhooks, triggers) and the workers: own folders and ports, one package folder. */
export async function queueInstances(
	root: string,
	env: NodeJS.ProcessEnv,
	workers: number,
): Promise<{ main: N8nInstance; workers: N8nInstance[] }> {
	const main = { ...instanceFolders(join(root, 'main'), await ports()), env };
	const others: N8nInstance[] = [];
	for (let index = 1; index <= workers; index++) {
		const folders = instanceFolders(join(root, `worker-${index}`), await ports());
		others.push({ ...folders, extensionsDir: main.extensionsDir, filesDir: main.filesDir, env });
	}
	return { main, workers: others };
}

async function ports(): Promise<{ port: number; brokerPort: number }> {
	return { port: await freePort(), brokerPort: await freePort() };
}

/** How a worker is started: its health endpoint on its own port tells when it is ready. */
export function workerProcess(worker: N8nInstance, index: number, concurrency: number): N8nProcess {
	return {
		args: ['worker', `--concurrency=${concurrency}`],
		env: { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(worker.port) },
		logName: `worker-${index}.log`,
		healthPort: worker.port,
	};
}
