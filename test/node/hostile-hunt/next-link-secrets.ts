// The review brief: the access token appears in no error, even when an answer quotes it back. A
// service (or a proxy in front of it) receives the bearer token with every page, so it can put it
// in the `$next` link it answers with; the read refuses such a link (off the host, a loop, past
// the `$total`), and its error must not quote the token with the link.
import * as fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import type { IncomingMessage } from 'node:http';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { startServer, type TestServer } from '../hostile-service';

const env = useConnectedSandbox();
let hostile: TestServer;
let respond: (req: IncomingMessage) => { status?: number; body: unknown } = () => ({ body: {} });
let runGetAll: () => Promise<Awaited<ReturnType<typeof runWorkflow>>>;
/** What the hostile service was sent as the bearer token, each request. */
const tokensSeen = new Set<string>();

beforeAll(async () => {
	hostile = await startServer((req, res) => {
		tokensSeen.add(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
		const { status = 200, body } = respond(req);
		res.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(JSON.stringify(body));
		return true;
	});
	const baseUrl = `${hostile.origin}/v3.1`;
	const { store, credential } = await connectedStore({ urls: { ...env.urls, baseUrl }, client: env.sandbox.client });
	runGetAll = async () =>
		await runWorkflow({
			store,
			nodes: [
				accountingServiceNode(credential, {
					resource: 'contact',
					operation: 'getAll',
					returnAll: true,
					requestOptions: { concurrentRequests: 1 },
				}),
			],
		});
});
afterAll(async () => {
	await hostile?.close();
});

const envelope = (items: IDataObject[], total: number, next: string | null): IDataObject => ({
	$total: total,
	$page: 1,
	$next: next,
	$back: null,
	$itemsPerPage: items.length,
	$items: items,
});

/** The forms in which an answer may quote the token it was sent. */
const spellings = {
	raw: (token: string) => token,
	'percent-encoded': (token: string) => encodeURIComponent(token),
	'percent-encoded, lower-case escapes': (token: string) =>
		encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
};

/** Links the read refuses, each carrying the token somewhere: off the host, back to itself, past the total. */
const links = {
	'another host': (quoted: string) => `https://elsewhere.example/contacts?access=${quoted}`,
	'protocol-relative': (quoted: string) => `//elsewhere.example/${quoted}`,
	backslash: (quoted: string) => `/\\elsewhere.example/${quoted}`,
	'a loop': (quoted: string) => `/v3.1/contacts?page=2&t=${quoted}`,
	'past the total': (quoted: string, request: number) => `/v3.1/contacts/${quoted}/${request}`,
};

describe('a $next link that quotes the bearer token', () => {
	it('is refused without the token in the error, whatever the link and the spelling', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...(Object.keys(links) as Array<keyof typeof links>)),
				fc.constantFrom(...(Object.keys(spellings) as Array<keyof typeof spellings>)),
				async (link, spelling) => {
					let request = 0;
					respond = (req) => {
						request++;
						const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
						const next = links[link](spellings[spelling](token), request);
						return { body: envelope([{ id: `c${request}`, displayed_as: `Contact ${request}` }], 1, next) };
					};
					const result = await runGetAll();

					expect(result.error?.message).toMatch(/\$next/);
					const error = result.error as Error & { description?: unknown };
					const shown = JSON.stringify([error.message, error.description, error, result.run.data.resultData]);
					expect(tokensSeen.size).toBeGreaterThan(0);
					const leaked = [...tokensSeen].flatMap((token) =>
						Object.entries(spellings)
							.filter(([, spell]) => shown.includes(spell(token)))
							.map(([name]) => name),
					);
					expect(leaked).toEqual([]);
				},
			),
			{ numRuns: 15 },
		);
	});
});
