// Run in a child process by test/node/hostile-hunt/read-bytes.ts, with a small heap: a Return All
// against a real HTTP server whose list claims 1,000,000 records (the most a read accepts) in pages
// of 200 records of about 20 KB each, every page well within the size bound of one answer. Prints
// one line of JSON: the read's error message (or the records it returned), the requests answered
// and the largest heap seen. When nothing bounds the bytes of the read as a whole, the process dies.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';

import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../../nodes/AccountingService/transport';
import { useRequestBounds } from '../../../nodes/AccountingService/transport/bounds';

const MiB = 1024 * 1024;
const readBytes = Number(process.argv[2]) * MiB;
const NOTES = 'n'.repeat(20_000);

async function main() {
	// The bound a read as a whole should keep, shrunk to fit this child's heap.
	useRequestBounds({ readBytes } as Parameters<typeof useRequestBounds>[0]);
	let requests = 0;
	let peakHeap = process.memoryUsage().heapUsed;
	const sample = setInterval(() => {
		peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	}, 5);
	const server = createServer((req, res) => {
		requests++;
		const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
		const items = Array.from(
			{ length: 200 },
			(_, index) => `{"id":"r${(page - 1) * 200 + index}","notes":"${NOTES}"}`,
		).join(',');
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(`{"$total":1000000,"$page":${page},"$next":null,"$back":null,"$itemsPerPage":200,"$items":[${items}]}`);
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
	process.stdout.write(`${JSON.stringify({ ...outcome, requests, peakHeapMiB: peakHeap / MiB })}\n`);
}

void main();
