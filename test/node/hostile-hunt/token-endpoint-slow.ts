// The review brief: every read is bounded in time. When the access token has run out, the read
// waits for the token endpoint's answer (a renewal through n8n's own helper). A token endpoint, or
// a proxy in front of it, that accepts the renewal and answers one byte at a time for ever held
// the read, and the execution, for as long as it kept dripping.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useRequestBounds } from '../../../nodes/AccountingService/transport/bounds';
import { useConnectedSandbox } from '../connected-sandbox';
import { useGatewayInFront } from '../hostile-service';

const env = useConnectedSandbox();
const front = useGatewayInFront(env, ['accessTokenUrl']);
let restoreBounds = () => {};
afterEach(() => restoreBounds());
let contactId = '';
beforeAll(async () => {
	contactId = String(((await env.fetchDirect('/contacts?items_per_page=1')).body.$items as IDataObject[])[0].id);
});

/** The access token has run out, and n8n recorded no expiry (it renews after a 401). */
function expireAccessToken() {
	const stale = env.store.oauthTokenData(env.credential.id) as IDataObject;
	delete stale.n8n_expires_at;
	env.store.writeOauthTokenData(env.credential.id, stale);
	env.sandbox.clock.advance(301);
}

describe('a token endpoint that answers a renewal one byte at a time, for ever', () => {
	it.each<[string, () => INodeParameters]>([
		[
			'Get Many with Return All (the transport renews)',
			() => ({ resource: 'contact', operation: 'getAll', returnAll: true }),
		],
		['Get Many with a limit (one page)', () => ({ resource: 'contact', operation: 'getAll', limit: 5 })],
		[
			'Get (n8n renews inside the request it signs)',
			() => ({ resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: contactId } }),
		],
	])('%s: the run ends with an error within the time bound', async (_case, parametersOf) => {
		const parameters = parametersOf();
		restoreBounds = useRequestBounds({ answerMs: 500 });
		expireAccessToken();
		front.divert = (req, res) => {
			if (req.method !== 'POST' || !(req.url ?? '').endsWith('/token')) return false;
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.write('{"access_token":');
			const timer = setInterval(() => res.write(' '), 20);
			res.on('close', () => clearInterval(timer));
			return true;
		};
		// Real time, from above: a run still going after 20 s has no bound at all.
		const outcome = await Promise.race([
			env.runNode(parameters),
			new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000).unref()),
		]);
		front.divert = () => false;
		expect(outcome).not.toBe('still running');
		expect((outcome as { error?: Error }).error?.message).toMatch(/did not finish/);
	});
});
