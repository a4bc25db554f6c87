// The review brief: the access token appears in no output, even when an answer quotes it back.
// bounded-request.ts redacts an answer that quotes the token value by value (secrets.ts
// `redactValue`), but the names of an object's members are copied as they came: a record whose
// custom field (or any member) is NAMED after the token puts it in the node's items.
import * as fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import type { IncomingMessage } from 'node:http';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { startServer, type TestServer } from '../hostile-service';

const env = useConnectedSandbox();
let hostile: TestServer;
let rawRecord: (token: string) => string = () => '{}';
let run: (parameters: INodeParameters) => Promise<Awaited<ReturnType<typeof runWorkflow>>>;
const tokensSeen = new Set<string>();

beforeAll(async () => {
	hostile = await startServer((req: IncomingMessage, res) => {
		const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
		tokensSeen.add(token);
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		// Raw JSON text built by hand: the member name is written exactly as the hostile service chose.
		res.end(rawRecord(token));
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

/** The token as a member name, spelled plainly or with one character as a `\uXXXX` escape. */
const keySpellings: Record<string, (token: string) => string> = {
	plain: (token) => JSON.stringify(token),
	'one character escaped': (token) =>
		`"\\u${token.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(token.slice(1)).slice(1)}`,
};

const getContact: INodeParameters = {
	resource: 'contact',
	operation: 'get',
	id: { __rl: true, mode: 'id', value: 'c1' },
	output: 'raw',
};

describe('a record that names a member after the bearer token', () => {
	// The member's name is redacted as its value would be (`"[redacted]": 1`), so neither the
	// items nor the execution's data hold the token.
	it('does not put the token in the node’s output', async () => {
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...Object.keys(keySpellings)), fc.boolean(), async (how, nested) => {
				rawRecord = (token) => {
					const member = `{${keySpellings[how](token)}:"x"}`;
					return `{"id":"c1","displayed_as":"Contact c1","name":"Contact c1","notes":"n",${
						nested ? `"custom":${member}` : member.slice(1, -1)
					}}`;
				};
				const result = await run(getContact);
				expect(result.error).toBeUndefined();
				expect(result.json('Accounting Service')).toHaveLength(1);
				const shown = JSON.stringify([result.json('Accounting Service'), result.run.data.resultData]);
				expect([...tokensSeen].filter((token) => token.length >= 8 && shown.includes(token))).toHaveLength(0);
			}),
			{ numRuns: 6 },
		);
	});
});
