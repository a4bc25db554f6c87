import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { isN8n1 } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { credentialSecrets, sawSecret, startServer, useGatewayInFront, type TestServer } from '../hostile-service';

const env = useConnectedSandbox();
/** The service as the credential reaches it, through a gateway that may answer with a redirect. */
const front = useGatewayInFront(env);
/** Another host: whatever reaches it has left the service. */
let elsewhere: TestServer;

beforeAll(async () => {
	elsewhere = await startServer();
});
afterEach(() => {
	elsewhere.received.length = 0;
});
afterAll(async () => {
	await elsewhere?.close();
});

/** The gateway answers the requests `matching` with a redirect to the same path on `host`. */
function redirect(status: number, matching: (url: string, method: string) => boolean, host = '127.0.0.2'): void {
	front.divert = (req, res) => {
		if (!matching(req.url ?? '', req.method ?? 'GET')) return false;
		res.writeHead(status, { Location: `http://${host}:${elsewhere.port}${req.url}` }).end();
		return true;
	};
}

const secrets = () => credentialSecrets(env);

async function runAndCheck(parameters: INodeParameters, before: string[]) {
	const result = await env.runNode(parameters);
	for (const secret of [...before, ...secrets()]) expect(sawSecret(elsewhere, secret)).toBe(false);
	return result;
}

const firstId = async (path: string) =>
	String(((await env.fetchDirect(`${path}?items_per_page=1`)).body.$items as IDataObject[])[0].id);

describe('A redirect from the service never takes a credential to another host', () => {
	it.each([301, 302, 303, 307, 308])(
		'Contact → Get answered %i to another host: the token stays, the error names the redirect',
		async (status) => {
			const id = await firstId('/contacts');
			redirect(status, (url) => url.includes(`/contacts/${id}`));
			const result = await runAndCheck(
				{ resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: id } },
				secrets(),
			);
			expect(result.error?.message).toMatch(new RegExp(`redirect.*HTTP ${status}`, 'i'));
			// n8n 1.x passes a single request's failure on without its headers (n8n-differences.ts).
			if (!isN8n1) expect(result.error?.description).toContain(`It pointed to http://127.0.0.2:${elsewhere.port}.`);
			expect(result.error?.description).toMatch(/follows no redirect/);
		},
	);

	it('Contact → Get Many with Return All: a page answered 307 to another host', async () => {
		redirect(307, (url) => /\/contacts\?/.test(url));
		const result = await runAndCheck({ resource: 'contact', operation: 'getAll', returnAll: true }, secrets());
		expect(result.error?.message).toMatch(/redirect.*HTTP 307/i);
		// A page of a list is answered to the transport itself, with its headers, on every n8n.
		expect(result.error?.description).toContain(`It pointed to http://127.0.0.2:${elsewhere.port}.`);
	});

	it('Attachment → Download File answered 302 to storage on another host: the token stays there', async () => {
		const id = await firstId('/attachments');
		redirect(302, (url) => url.includes(`/attachments/${id}/file`), 'localhost');
		const result = await runAndCheck(
			{ resource: 'attachment', operation: 'downloadFile', id: { __rl: true, mode: 'id', value: id } },
			secrets(),
		);
		expect(result.error?.message).toMatch(/redirect.*HTTP 302/i);
		expect(elsewhere.received.some((entry) => entry.headers.authorization)).toBe(false);
	});

	it('a redirect to the same origin is not followed either (nothing documents one)', async () => {
		const id = await firstId('/contacts');
		front.divert = (req, res) => {
			if (!(req.url ?? '').includes(`/contacts/${id}`) || req.url?.includes('moved')) return false;
			res.writeHead(302, { Location: `${req.url}?moved=1` }).end();
			return true;
		};
		const before = front.gateway.received.length;
		const result = await env.runNode({
			resource: 'contact',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: id },
		});
		expect(result.error?.message).toMatch(/redirect.*HTTP 302/i);
		expect(front.gateway.received.slice(before).some((entry) => entry.url.includes('moved'))).toBe(false);
	});

	it('Credential → Revoke answered 307 to another host: neither the client secret nor a refresh token goes there', async () => {
		redirect(307, (url, method) => method === 'POST' && url.endsWith('/revoke'));
		const result = await runAndCheck({ resource: 'credential', operation: 'revoke' }, secrets());
		expect(result.error?.message).toMatch(/redirect.*HTTP 307/i);
		expect(elsewhere.received).toEqual([]);
	});

	it('Credential → Revoke: the check that the token endpoint refuses the revoked token, answered 308, sends nothing elsewhere', async () => {
		const before = secrets();
		redirect(308, (url, method) => method === 'POST' && url.endsWith('/token'));
		const result = await runAndCheck({ resource: 'credential', operation: 'revoke' }, before);
		expect(elsewhere.received).toEqual([]);
		// The revoke itself went through; that renewing is refused could not be confirmed.
		expect(result.error).toBeUndefined();
		expect(result.json('Accounting Service')[0]).toMatchObject({ revoked: true, renewalRefused: false });
	});
});
