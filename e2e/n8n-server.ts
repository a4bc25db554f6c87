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

export interface N8nProcess {
	/** n8n's arguments; `start` by default (`worker` for a queue-mode worker). */
	args?: string[];
	/** Environment besides n8nEnv's (queue mode's database, Redis and key). */
	env?: NodeJS.ProcessEnv;
	/** Log file name in `root`. */
	logName?: string;
	/** The port whose /healthz/readiness says it is ready; the instance's port by default (a worker's health port). */
	healthPort?: number;
}

/** `n8n start` (or a worker) on 127.0.0.1; resolves once /healthz/readiness answers (database connected and migrated), fails with n8n's log when it does not. */
export async function startN8n(
	install: N8nInstall,
	instance: N8nInstance,
	root: string,
	{ args = ['start'], env = {}, logName = 'n8n-start.log', healthPort = instance.port }: N8nProcess = {},
	timeoutMs = 120_000,
): Promise<N8nServer> {
	const logFile = join(root, logName);
	const label = `n8n ${args.join(' ')}`;
	const service = startService(process.execPath, [install.bin, ...args], {
		env: n8nEnv(instance, { N8N_LOG_LEVEL: process.env.E2E_N8N_LOG_LEVEL ?? 'info', ...env }),
		logFile,
	});
	const url = `http://127.0.0.1:${instance.port}`;
	let exit: string | undefined;
	void service.exited.then((why) => (exit = why));
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (exit) throw new Error(`${label} ${exit} before it was ready:\n${tail(readFileSync(logFile, 'utf8'))}`);
		try {
			const response = await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`, {
				signal: AbortSignal.timeout(2000),
			});
			if (response.ok) return { url, service, logFile };
		} catch {
			// Not listening yet.
		}
		await sleep(500);
	}
	await service.stop();
	throw new Error(
		`${label}: /healthz/readiness did not answer within ${timeoutMs / 1000} s:\n${tail(readFileSync(logFile, 'utf8'))}`,
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
	return sessionOf(response);
}

/** The session cookies n8n set, as a `cookie` header. */
const sessionOf = (response: Response) =>
	response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.join('; ');

/** Signs the owner in over REST (an instance set up on an earlier run): the session, as createOwner gives it. */
export async function signInOwner(url: string): Promise<string> {
	const response = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: LOCAL_OWNER.email, password: LOCAL_OWNER.password }),
	});
	if (!response.ok)
		throw new Error(`n8n sign-in answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
	return sessionOf(response);
}

/** The node types the editor gets (`/types/nodes.json`, signed-in users only). */
export async function nodeTypesLoaded(url: string, session: string): Promise<string[]> {
	const response = await fetch(`${url}/types/nodes.json`, { headers: { cookie: session } });
	if (!response.ok) throw new Error(`n8n /types/nodes.json answered ${response.status}`);
	const types = (await response.json()) as Array<{ name: string }>;
	return [...new Set(types.map((type) => type.name))];
}

/** Publishes (activates) a workflow of a running n8n through its REST API, as the editor's Publish does. */
export async function activateWorkflow(url: string, session: string, id: string): Promise<void> {
	const headers = { cookie: session, 'content-type': 'application/json' };
	const workflow = await fetch(`${url}/rest/workflows/${id}`, { headers });
	if (!workflow.ok) throw new Error(`n8n GET /rest/workflows/${id} answered ${workflow.status}`);
	const { versionId } = ((await workflow.json()) as { data: { versionId: string } }).data;
	const response = await fetch(`${url}/rest/workflows/${id}/activate`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ versionId }),
	});
	if (!response.ok)
		throw new Error(
			`n8n could not publish workflow ${id}: ${response.status} ${(await response.text()).slice(0, 500)}`,
		);
}

/** How long n8n 2.41 may take, after publishing answered, to serve a workflow's production webhooks. */
const WEBHOOK_REGISTRATION_MS = 15_000;

/**
 * A first request to a production webhook of a workflow just published: n8n answers 404 "is not
 * registered" for a moment after its publish request returned. Such a 404 ran nothing, so the
 * request is made again until the webhook answers otherwise.
 */
export async function onceWebhookRegistered<T>(request: () => Promise<T>): Promise<T> {
	const deadline = Date.now() + WEBHOOK_REGISTRATION_MS;
	for (;;) {
		try {
			return await request();
		} catch (error) {
			if (!String(error).includes('is not registered') || Date.now() > deadline) throw error;
			await sleep(250);
		}
	}
}
