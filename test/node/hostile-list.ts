import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, connectedStore, runWorkflow } from '../harness';
import type { ConnectedSandbox } from './connected-sandbox';

/** What the hostile service answers a request with: a status and a JSON body. */
export type HostileAnswer = (request: { path: string; query: URLSearchParams; number: number }) => {
	status?: number;
	body: unknown;
};

/**
 * A small HTTP server playing a hostile or broken service's API (node:http on port 0), with a
 * credential connected through the sandbox's consent flow whose base URL is this server: the
 * node runs through n8n's engine against it. Every request it answers is counted.
 */
export async function startHostileList(env: ConnectedSandbox, answer: HostileAnswer) {
	const requests: string[] = [];
	const server: Server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://hostile');
		requests.push(`${url.pathname}${url.search}`);
		const { status = 200, body } = answer({ path: url.pathname, query: url.searchParams, number: requests.length });
		res.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(JSON.stringify(body));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3.1`;
	const { store, credential } = await connectedStore({ urls: { ...env.urls, baseUrl }, client: env.sandbox.client });
	return {
		baseUrl,
		requests,
		runNode: async (parameters: INodeParameters) =>
			await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters)] }),
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A list envelope as the service shapes it. */
export const listEnvelope = (items: IDataObject[], total: number, next: string | null, page = 1): IDataObject => ({
	$total: total,
	$page: page,
	$next: next,
	$back: null,
	$itemsPerPage: items.length,
	$items: items,
});
