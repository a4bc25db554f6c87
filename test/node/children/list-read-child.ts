// What the children that read a hostile list share: a real HTTP server answering each page with
// `answer(page)` (JSON text), a Return All of /sales_invoices through a bare context of n8n's
// request helper (the answer as a stream, as n8n hands it on), and one printed line of JSON: the
// read's error message (or the records it returned), the requests answered, the largest heap seen.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';

import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../../nodes/AccountingService/transport';

export async function readHostileList(answer: (page: number) => string): Promise<void> {
	let requests = 0;
	let peakHeap = process.memoryUsage().heapUsed;
	const sample = setInterval(() => {
		peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	}, 5);
	const server = createServer((req, res) => {
		requests++;
		const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(answer(page));
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
					body: Readable.fromWeb(response.body as ReadableStream),
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
	server.closeAllConnections();
	server.close();
	peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	process.stdout.write(`${JSON.stringify({ ...outcome, requests, peakHeapMiB: peakHeap / 2 ** 20 })}\n`);
}
