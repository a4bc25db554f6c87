import type { IDataObject } from 'n8n-workflow';
import { Agent, request } from 'undici';

import type { CredentialStore } from '../test/harness';
import type { SandboxProcess } from './sandbox-process';

/** Keep-alive, as n8n's own HTTP client keeps connections open between pages. */
const agent = new Agent({ keepAliveTimeout: 30_000 });

interface TokenSource {
	store: CredentialStore;
	credentialId: string;
}

/** Renews the way n8n does on a 401, and stores the rotated tokens so the node keeps working. */
export async function renew(sandbox: SandboxProcess, tokens: TokenSource) {
	const current = tokens.store.oauthTokenData(tokens.credentialId);
	const response = await request(sandbox.urls.tokenUrl, {
		method: 'POST',
		dispatcher: agent,
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'refresh_token',
			refresh_token: String(current.refresh_token),
			client_id: sandbox.client.clientId,
			client_secret: sandbox.client.clientSecret,
		}).toString(),
	});
	const renewed = (await response.body.json()) as IDataObject;
	if (response.statusCode !== 200) throw new Error(`renewal failed with ${response.statusCode}`);
	tokens.store.writeOauthTokenData(tokens.credentialId, { ...current, ...renewed });
}

async function getJson(
	sandbox: SandboxProcess,
	tokens: TokenSource,
	path: string,
	newConnection = false,
): Promise<Record<string, unknown>> {
	for (let attempt = 0; ; attempt++) {
		const token = String(tokens.store.oauthTokenData(tokens.credentialId).access_token);
		const response = await request(`${sandbox.urls.baseUrl}${path}`, {
			dispatcher: newConnection ? new Agent({ pipelining: 0 }) : agent,
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (response.statusCode === 401 && attempt === 0) {
			await response.body.dump();
			await renew(sandbox, tokens);
			continue;
		}
		if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
		return (await response.body.json()) as Record<string, unknown>;
	}
}

/**
 * The bytes of the body the service answers `path` with (the path as the sandbox's request log
 * has it: from the origin, query included), raw undici, keep-alive; `business` as X-Business.
 */
export async function responseBytes(
	sandbox: SandboxProcess,
	tokens: TokenSource,
	path: string,
	business?: string | null,
): Promise<number> {
	for (let attempt = 0; ; attempt++) {
		const token = String(tokens.store.oauthTokenData(tokens.credentialId).access_token);
		const send = async () =>
			await request(`${sandbox.urls.origin}${path}`, {
				dispatcher: agent,
				headers: {
					authorization: `Bearer ${token}`,
					accept: 'application/json',
					...(business ? { 'x-business': business } : {}),
				},
			});
		// Once more if a kept-alive connection turns out closed (a long read before kept the event loop busy).
		const response = await send().catch(send);
		if (response.statusCode === 401 && attempt === 0) {
			await response.body.dump();
			await renew(sandbox, tokens);
			continue;
		}
		if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
		return (await response.body.arrayBuffer()).byteLength;
	}
}

/** The physical baseline: the same pages the node asks for, 200 per page following `$next`, nothing else. */
export async function rawNextLoop(
	sandbox: SandboxProcess,
	tokens: TokenSource,
	limit: number,
	{ newConnection = false } = {},
): Promise<number> {
	const items: unknown[] = [];
	let next: string | null = `/sales_invoices?items_per_page=200`;
	while (next && items.length < limit) {
		const page = await getJson(sandbox, tokens, next, newConnection);
		items.push(...(page.$items as unknown[]));
		next = page.$next as string | null;
	}
	return Math.min(items.length, limit);
}

/** How existing connectors read lists: `page++` at the service's default page size (20). */
export async function peerStyleLoop(sandbox: SandboxProcess, tokens: TokenSource, limit: number): Promise<number> {
	const items: unknown[] = [];
	for (let page = 1; items.length < limit; page++) {
		const body = await getJson(sandbox, tokens, `/sales_invoices?page=${page}`);
		const pageItems = body.$items as unknown[];
		items.push(...pageItems);
		if (!body.$next || pageItems.length === 0) break;
	}
	return Math.min(items.length, limit);
}

/**
 * The physical floor of the node's parallel read: page 1, then pages 2..⌈N/200⌉ addressed
 * directly (`page=N&items_per_page=200`), `concurrency` at a time, keep-alive, no pacing.
 */
export async function rawPagedLoop(
	sandbox: SandboxProcess,
	tokens: TokenSource,
	limit: number,
	concurrency: number,
): Promise<number> {
	return (await rawPagedItems(sandbox, tokens, limit, concurrency)).length;
}

/** The records `rawPagedLoop` reads, in the service's order. */
export async function rawPagedItems(
	sandbox: SandboxProcess,
	tokens: TokenSource,
	limit: number,
	concurrency: number,
): Promise<IDataObject[]> {
	const first = await getJson(sandbox, tokens, '/sales_invoices?items_per_page=200');
	const total = Math.min(limit, first.$total as number);
	const pages = Math.ceil(total / 200);
	const byPage = new Map<number, unknown[]>([[1, first.$items as unknown[]]]);
	let next = 2;
	const worker = async () => {
		while (next <= pages) {
			const page = next++;
			const body = await getJson(sandbox, tokens, `/sales_invoices?items_per_page=200&page=${page}`);
			byPage.set(page, body.$items as unknown[]);
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const items = Array.from({ length: pages }, (_, index) => byPage.get(index + 1) ?? []).flat() as IDataObject[];
	return items.slice(0, limit);
}
