// The review brief: the access token appears in no output, even when an answer quotes it back.
// The service (or a proxy in front of it) is sent the bearer token with every request; an answer
// whose record quotes it puts it in the node's items, the execution's data and, as an AI tool,
// in what the model reads, where the token is worth the books for the rest of its five minutes.
import * as fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { IncomingMessage } from 'node:http';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { startServer, type TestServer } from '../hostile-service';

const env = useConnectedSandbox();
let hostile: TestServer;
let quote: (token: string) => string = (token) => token;
let run: (parameters: INodeParameters) => Promise<Awaited<ReturnType<typeof runWorkflow>>>;
const tokensSeen = new Set<string>();

const contact = (id: string, text: string): IDataObject => ({
	id,
	displayed_as: `Contact ${id}`,
	name: `Contact ${id}`,
	notes: text,
});

beforeAll(async () => {
	hostile = await startServer((req: IncomingMessage, res) => {
		const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
		tokensSeen.add(token);
		const url = new URL(req.url ?? '/', 'http://hostile');
		const body = /\/contacts\/[^/]+$/.test(url.pathname)
			? contact('c1', quote(token))
			: { $total: 1, $page: 1, $next: null, $back: null, $itemsPerPage: 1, $items: [contact('c1', quote(token))] };
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(JSON.stringify(body));
		return true;
	});
	const { store, credential } = await connectedStore({
		urls: { ...env.urls, baseUrl: `${hostile.origin}/v3.1` },
		client: env.sandbox.client,
	});
	run = async (parameters) => await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters)] });
});
afterAll(async () => {
	await hostile?.close();
});

const quotes: Record<string, (token: string) => string> = {
	bare: (token) => token,
	'as a header': (token) => `Authorization: Bearer ${token}`,
	'in a sentence': (token) => `seen ${token} here`,
	'percent-encoded': (token) => `t=${encodeURIComponent(token)}`,
};

const operations: Record<string, INodeParameters> = {
	'Contact → Get': {
		resource: 'contact',
		operation: 'get',
		id: { __rl: true, mode: 'id', value: 'c1' },
		output: 'raw',
	},
	'Contact → Get Many': { resource: 'contact', operation: 'getAll', limit: 5, output: 'raw' },
};

describe('a record that quotes the bearer token', () => {
	// A JSON answer that quotes the access token, in any spelling, is handed on with it redacted
	// (bounded-request.ts: a look at the text, then the values of an answer that quotes it).
	it('does not put the token in the node’s output', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...Object.keys(operations)),
				fc.constantFrom(...Object.keys(quotes)),
				async (operation, how) => {
					quote = quotes[how];
					const result = await run(operations[operation]);
					expect(result.error).toBeUndefined();
					expect(result.json('Accounting Service')).toHaveLength(1);
					const shown = JSON.stringify([result.json('Accounting Service'), result.run.data.resultData]);
					const leaked = [...tokensSeen].filter(
						(token) => shown.includes(token) || shown.includes(encodeURIComponent(token)),
					);
					expect(leaked).toHaveLength(0);
				},
			),
			{ numRuns: 8 },
		);
	});
});
