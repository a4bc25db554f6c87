import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { IncomingMessage } from 'node:http';

import { useConnectedSandbox } from '../connected-sandbox';
import { credentialSecrets, sawSecret, startServer, useGatewayInFront, type TestServer } from '../hostile-service';

// security.md: the access token, refresh token and client secret go to the configured hosts only,
// never across a redirect, and appear in no error even when an answer quotes them back.

const env = useConnectedSandbox();
const front = useGatewayInFront(env);
/** Other origins a hostile answer may point at: whatever reaches them has left the service. */
let elsewhere: TestServer;
let ids: { contact: string; attachment: string };

beforeAll(async () => {
	elsewhere = await startServer();
	const first = async (path: string) =>
		String(((await env.fetchDirect(`${path}?items_per_page=1`)).body.$items as IDataObject[])[0].id);
	ids = { contact: await first('/contacts'), attachment: await first('/attachments') };
});
afterAll(async () => {
	await elsewhere?.close();
});

/** What the node does, and which request of it the hostile answer hits. */
const operations: Record<string, { parameters: () => INodeParameters; hit: (url: string, method: string) => boolean }> =
	{
		'Contact → Get': {
			parameters: () => ({ resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: ids.contact } }),
			hit: (url) => url.includes(`/contacts/${ids.contact}`),
		},
		'Contact → Get Many (Return All)': {
			parameters: () => ({ resource: 'contact', operation: 'getAll', returnAll: true }),
			hit: (url) => url.includes('/contacts?'),
		},
		'Attachment → Download File': {
			parameters: () => ({
				resource: 'attachment',
				operation: 'downloadFile',
				id: { __rl: true, mode: 'id', value: ids.attachment },
			}),
			hit: (url) => url.includes(`/attachments/${ids.attachment}/file`),
		},
		'Credential → Revoke': {
			parameters: () => ({ resource: 'credential', operation: 'revoke' }),
			hit: (url, method) => method === 'POST' && url.endsWith('/revoke'),
		},
	};

/** Where a redirect points: the same origin, another port, another host name for the same machine. */
const targets = {
	'same origin': () => `${front.gateway.origin}/moved`,
	'other port': () => `http://127.0.0.1:${elsewhere.port}/moved`,
	'127.0.0.2': () => `http://127.0.0.2:${elsewhere.port}/moved`,
	localhost: () => `http://localhost:${elsewhere.port}/moved`,
};

/** What of the request an error answer quotes back. */
const quotes: Record<string, (req: IncomingMessage, body: string) => string> = {
	'Authorization header': (req) => `Authorization: ${req.headers.authorization}`,
	'bare token': (req) => String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''),
	'every header': (req) => JSON.stringify(req.headers),
	'the form': (_req, body) => `${body} / ${decodeURIComponent(body)}`,
};

const hostileAnswer = fc.oneof(
	fc.record({
		kind: fc.constant('redirect' as const),
		status: fc.constantFrom(301, 302, 303, 307, 308),
		target: fc.constantFrom(...(Object.keys(targets) as Array<keyof typeof targets>)),
	}),
	fc.record({
		kind: fc.constant('echo' as const),
		status: fc.constantFrom(400, 401, 403, 404, 409, 422, 500),
		quoted: fc.uniqueArray(fc.constantFrom(...Object.keys(quotes)), { minLength: 1, maxLength: 3 }),
		into: fc.constantFrom('$message', '$source', 'error_description'),
	}),
);

describe('over random hostile answers', () => {
	it('no secret reaches another origin, and none is in the error', async () => {
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...Object.keys(operations)), hostileAnswer, async (name, hostile) => {
				const operation = operations[name];
				front.divert = (req, res, body) => {
					if (!operation.hit(req.url ?? '', req.method ?? 'GET')) return false;
					if (hostile.kind === 'redirect') {
						res.writeHead(hostile.status, { Location: targets[hostile.target]() }).end();
						return true;
					}
					const text = hostile.quoted.map((quote) => quotes[quote](req, body)).join(' | ');
					const entry =
						hostile.into === 'error_description'
							? { error: 'invalid_request', error_description: text }
							: { $severity: 'error', $dataCode: 'Hostile', $message: 'refused', [hostile.into]: text };
					res.writeHead(hostile.status, { 'Content-Type': 'application/json' }).end(JSON.stringify([entry]));
					return true;
				};
				const before = credentialSecrets(env);
				elsewhere.received.length = 0;
				const result = await env.runNode(operation.parameters());
				const known = new Set([...before, ...credentialSecrets(env)]);

				expect(result.error).toBeDefined();
				const error = result.error as Error & { description?: unknown; errorResponse?: unknown };
				const shown = JSON.stringify([
					error.message,
					error.description,
					error.errorResponse,
					error,
					result.run.data.resultData,
				]);
				for (const secret of known) {
					expect(sawSecret(elsewhere, secret)).toBe(false);
					expect(shown).not.toContain(secret);
				}
				if (hostile.kind === 'redirect') expect(error.message).toMatch(/redirect/);
			}),
			{ numRuns: 30 },
		);
	});
});
