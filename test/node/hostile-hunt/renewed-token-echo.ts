// The review brief: the access token appears in no output, even when an answer quotes it back,
// and the token is the one sent: after a renewal within the execution it is the new one.
// bounded-request.ts redacts only `sentSecrets`, the access token of the credential view read
// before the request (credential.ts, kept per context). When the stored token has run out with
// no expiry recorded, n8n renews it inside the request it signs (after the service's 401) and
// retries with the new token: an answer quoting the new token is handed on unredacted.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { useGatewayInFront } from '../hostile-service';

const env = useConnectedSandbox();
const front = useGatewayInFront(env, ['baseUrl', 'accessTokenUrl']);
let contactId = '';
beforeAll(async () => {
	contactId = String(((await env.fetchDirect('/contacts?items_per_page=1')).body.$items as IDataObject[])[0].id);
});

/** The access token has run out, and n8n recorded no expiry (it renews after a 401). */
function expireAccessToken(): string {
	const stale = env.store.oauthTokenData(env.credential.id) as IDataObject;
	delete stale.n8n_expires_at;
	env.store.writeOauthTokenData(env.credential.id, stale);
	env.sandbox.clock.advance(301);
	return String(stale.access_token);
}

describe('a record that quotes the access token n8n renewed inside the request', () => {
	// Right answer: the token the request went out with (the renewed one) is redacted like the
	// first (e.g. the view re-read after the answer when the stored token changed, or every
	// token the credential holds after the request): the items do not hold it.
	it('does not put the renewed token in the node’s output', async () => {
		const old = expireAccessToken();
		const quoted: string[] = [];
		front.divert = (req, res) => {
			const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
			if (req.method !== 'GET' || !(req.url ?? '').includes('/contacts/') || !token || token === old) return false;
			quoted.push(token);
			res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
			res.end(JSON.stringify({ id: contactId, displayed_as: 'c', name: 'c', notes: `seen ${token} here` }));
			return true;
		};
		const parameters: INodeParameters = {
			resource: 'contact',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: contactId },
			output: 'raw',
		};
		const result = await env.runNode(parameters);
		front.divert = () => false;
		expect(result.error).toBeUndefined();
		// The renewal happened, and the hostile answer quoted the new token.
		expect(quoted.length).toBeGreaterThan(0);
		expect(quoted[0]).not.toBe(old);
		const shown = JSON.stringify([result.json('Accounting Service'), result.run.data.resultData]);
		expect(quoted.filter((token) => shown.includes(token))).toHaveLength(0);
	});
});
