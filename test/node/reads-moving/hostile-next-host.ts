// A `$next` link is a path below the base URL (the spec): one that would change the host when
// appended — `@other-host/…` or `.other-domain/…` after a base URL without a path — must not take
// the token there. A second server records whatever reaches it.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { listEnvelope } from '../hostile-list';

const env = useConnectedSandbox({ scale: 10 });

async function listen(handler: (url: URL, headers: IncomingHttpHeaders) => unknown) {
	const server: Server = createServer((req, res) => {
		const body = handler(new URL(req.url ?? '/', 'http://any'), req.headers);
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(JSON.stringify(body));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: (server.address() as AddressInfo).port,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('a `$next` that is not a path below the base URL', () => {
	it.each([
		['@localhost:{other}/sales_invoices?page=2', 'userinfo'],
		['http://localhost:{other}/sales_invoices?page=2', 'an absolute URL'],
	])('%s (%s): no request leaves the service’s host, and the read stops with an error', async (next) => {
		const received: IncomingHttpHeaders[] = [];
		const other = await listen((_url, headers) => {
			received.push(headers);
			return listEnvelope([], 2, null, 2);
		});
		const link = next.replace('{other}', String(other.port));
		const hostile = await listen((url) =>
			url.pathname.startsWith('/sales_invoices') && !url.searchParams.has('updated_or_created_since')
				? listEnvelope([{ id: 'a', displayed_as: 'a' }], 2, link)
				: listEnvelope([], 0, null),
		);
		try {
			// A base URL without a path, as a user may type one for a test service.
			const baseUrl = `http://127.0.0.1:${hostile.port}`;
			const { store, credential } = await connectedStore({
				urls: { ...env.urls, baseUrl },
				client: env.sandbox.client,
			});
			const result = await runWorkflow({
				store,
				nodes: [
					accountingServiceNode(credential, {
						resource: 'salesInvoice',
						operation: 'getAll',
						returnAll: true,
						output: 'raw',
						requestOptions: { concurrentRequests: 1 },
					}),
				],
			});
			expect(received).toEqual([]);
			expect(result.error?.message).toMatch(/\$next/);
		} finally {
			await hostile.close();
			await other.close();
		}
	});
});
