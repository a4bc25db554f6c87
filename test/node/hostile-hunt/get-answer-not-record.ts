// The review briefs: an answer out of contract fails the operation with a clear error, and no
// record is typed wrongly. A read of one record (Get) hands on whatever JSON the service's 200
// holds: a proxy's HTML page, an empty body, a JSON string, null or an array came out as the
// contact, a string item with Output raw, a contact of nulls with the default fields, and the
// workflow went on as if the record had been read.
import type { INodeParameters } from 'n8n-workflow';
import type { ServerResponse } from 'node:http';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { startServer, type TestServer } from '../hostile-service';

const env = useConnectedSandbox();
let hostile: TestServer;
let run: (parameters: INodeParameters) => Promise<Awaited<ReturnType<typeof runWorkflow>>>;
let respond: (res: ServerResponse) => void = () => undefined;

beforeAll(async () => {
	hostile = await startServer((_req, res) => {
		respond(res);
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

const answers: Record<string, { type: string; body: string }> = {
	'a proxy’s HTML page': { type: 'text/html', body: '<html><body>Sign in</body></html>' },
	'an empty body': { type: 'application/json', body: '' },
	'a JSON string': { type: 'application/json', body: '"c1"' },
	'JSON null': { type: 'application/json', body: 'null' },
	'a JSON array': { type: 'application/json', body: '[{"id":"c1"}]' },
};

describe('Contact → Get answered 200 with something that is not a record', () => {
	// Right answer: an error saying the service did not answer with the contact; no item.
	it.each(Object.keys(answers).flatMap((answer) => ['raw', 'simplified'].map((output) => [answer, output])))(
		'%s (output %s): an error, no item',
		async (answer, output) => {
			respond = (res) => res.writeHead(200, { 'content-type': answers[answer].type }).end(answers[answer].body);
			const parameters: INodeParameters = {
				resource: 'contact',
				operation: 'get',
				id: { __rl: true, mode: 'id', value: 'c1' },
				...(output === 'raw' ? { output: 'raw' } : {}),
			};
			const result = await run(parameters);
			expect(result.error?.message).toMatch(/\/contacts|contact/i);
			expect(result.json('Accounting Service') ?? []).toEqual([]);
		},
	);
});
