// Run in a child process by test/node/reads/hostile-pages.ts, with a small heap: a Return All
// against a real HTTP server whose first page claims `$total` = argv[2]. Prints one line of JSON:
// the read's error message (or the records it returned), the requests the server answered and
// the largest heap seen. When the read allocates by the claimed number the process dies instead.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../../nodes/AccountingService/transport';

const claimed = Number(process.argv[2]);

async function main() {
	let requests = 0;
	let peakHeap = process.memoryUsage().heapUsed;
	const sample = setInterval(() => {
		peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	}, 5);
	const server = createServer((req, res) => {
		requests++;
		const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
		const items = Array.from({ length: 200 }, (_, index) => ({ id: `r${(page - 1) * 200 + index}` }));
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(
			JSON.stringify({ $total: claimed, $page: page, $next: null, $back: null, $itemsPerPage: 200, $items: items }),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const context = {
		getNode: () => ({
			id: 'n',
			name: 'Accounting Service',
			type: 'x',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getCredentials: async () => ({ baseUrl, oauthTokenData: { access_token: 'a', refresh_token: 'r' } }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				const url = new URL(String(options.url));
				for (const [name, value] of Object.entries(options.qs ?? {})) url.searchParams.set(name, String(value));
				const response = await fetch(url);
				return {
					statusCode: response.status,
					headers: Object.fromEntries(response.headers),
					body: await response.json(),
				};
			},
		},
	} as unknown as IExecuteFunctions;
	let outcome: { error?: string; records?: number };
	try {
		const read = await apiRequestAllItems.call(context, { path: '/sales_invoices' });
		outcome = { records: read.body.length };
	} catch (error) {
		outcome = { error: (error as Error).message };
	}
	clearInterval(sample);
	server.close();
	peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	process.stdout.write(`${JSON.stringify({ ...outcome, requests, peakHeapMiB: peakHeap / 2 ** 20 })}\n`);
}

void main();
