import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { LOCAL_OWNER } from './config';
import type { N8nInstall } from './install-n8n';
import { n8nEnv, type N8nInstance } from './n8n-env';
import { startService, tail, type Service } from './processes';
import { sleep } from './wait';

export interface N8nServer {
	url: string;
	service: Service;
	logFile: string;
}

/** `n8n start` on 127.0.0.1; resolves once /healthz/readiness answers (database connected and migrated), fails with n8n's log when it does not. */
export async function startN8n(
	install: N8nInstall,
	instance: N8nInstance,
	root: string,
	timeoutMs = 120_000,
): Promise<N8nServer> {
	const logFile = join(root, 'n8n-start.log');
	const service = startService(process.execPath, [install.bin, 'start'], {
		env: n8nEnv(instance, { N8N_LOG_LEVEL: process.env.E2E_N8N_LOG_LEVEL ?? 'info' }),
		logFile,
	});
	const url = `http://127.0.0.1:${instance.port}`;
	let exit: string | undefined;
	void service.exited.then((why) => (exit = why));
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (exit) throw new Error(`n8n start ${exit} before it was ready:\n${tail(readFileSync(logFile, 'utf8'))}`);
		try {
			const response = await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) });
			if (response.ok) return { url, service, logFile };
		} catch {
			// Not listening yet.
		}
		await sleep(500);
	}
	await service.stop();
	throw new Error(
		`n8n start: /healthz/readiness did not answer within ${timeoutMs / 1000} s:\n${tail(readFileSync(logFile, 'utf8'))}`,
	);
}

/**
 * Creates the instance owner through n8n's REST API, which the setup form posts to. The owner
 * then owns what the CLI imported before (n8n's placeholder owner becomes this user).
 */
export async function createOwner(url: string): Promise<string> {
	const response = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(LOCAL_OWNER),
	});
	if (!response.ok)
		throw new Error(`n8n owner setup answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
	// The owner's session, for the REST calls that follow.
	return response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.join('; ');
}

/** The node types the editor gets (`/types/nodes.json`, signed-in users only). */
export async function nodeTypesLoaded(url: string, session: string): Promise<string[]> {
	const response = await fetch(`${url}/types/nodes.json`, { headers: { cookie: session } });
	if (!response.ok) throw new Error(`n8n /types/nodes.json answered ${response.status}`);
	const types = (await response.json()) as Array<{ name: string }>;
	return [...new Set(types.map((type) => type.name))];
}
