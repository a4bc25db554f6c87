// An expired access token while the token endpoint is busy (503 or 429, with Retry-After): the
// renewal is asked again as any request is, after the wait asked for, within the retry bounds;
// its single-use refresh token is spent once; a refusal (invalid_grant) stays a refusal.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { processState, useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { isN8n1 } from '../../harness/n8n-version';
import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { REFRESH_REFUSED } from '../n8n-differences';
import { tokenEndpoint } from '../token-renewal';
import { create, defineBelow } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({}, { fresh: true });
let clock: VirtualClock;
beforeEach(() => useClock((clock = new VirtualClock(() => Date.now()))));
afterEach(() => useClock(new VirtualClock(() => Date.now())));

/** The access token ran out; n8n recorded no expiry (the 401 path, as on n8n before 2.36). */
function expireAccessToken() {
	const token = { ...env.store.oauthTokenData(env.credential.id) } as IDataObject;
	delete token.n8n_expires_at;
	env.store.writeOauthTokenData(env.credential.id, token);
	env.sandbox.clock.advance(301);
}
const readContacts: INodeParameters = { resource: 'contact', operation: 'getAll', limit: 3 };
const createContact = (name: string) => create('contact', defineBelow({ name, contact_type_ids: ['CUSTOMER'] }));
const tokenStatuses = (position: number) =>
	env.sandbox.log
		.entries()
		.slice(position)
		.filter(tokenEndpoint)
		.map((entry: LogEntry) => entry.status);

describe('the token endpoint busy while the access token is renewed', () => {
	it.each([
		['503', 'a read of a list', readContacts],
		['429', 'a read of a list', readContacts],
		['503', 'a create', createContact('Busy Token 503 Ltd')],
		// n8n 1.x turns a 429 of the token endpoint inside a request it signed into a refusal.
		...(isN8n1 ? [] : ([['429', 'a create', createContact('Busy Token 429 Ltd')]] as const)),
	] as const)(
		'%s with Retry-After: 1, during %s: renewed on the second call, the run completes',
		async (kind, _what, parameters) => {
			expireAccessToken();
			env.sandbox.faults.inject({ kind, target: 'token', retryAfter: 1 });
			const position = env.sandbox.log.entries().length;

			const result = await env.runNode(parameters);

			expect(result.error).toBeUndefined();
			expect(tokenStatuses(position)).toEqual([Number(kind), 200]);
			expect(env.store.refreshCount(env.credential.id)).toBe(1);
			// The wait is on the process clock; a 503's Retry-After is read, a 429's is lost inside n8n's
			// OAuth client. n8n 1.x hands a single request's renewal failure on without its headers: backoff.
			if (kind === '503' && !(isN8n1 && parameters.operation === 'create')) expect(clock.sleeps).toContain(1000);
			expect(processState.clock).toBe(clock);
			if (parameters.operation === 'create') {
				const creates = env
					.apiRequestsSince(position)
					.filter((entry) => entry.method === 'POST' && entry.status === 201);
				expect(creates).toHaveLength(1);
				expect(result.json(NODE)).toHaveLength(1);
			}
		},
	);

	it('busy on every call: the run fails after the retries, having asked 1 + 4 times', async () => {
		expireAccessToken();
		env.sandbox.faults.inject({ kind: '503', target: 'token', retryAfter: 1, count: 10 });
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(readContacts);
		expect(result.error?.message).toMatch(/did not renew the access token/);
		expect(tokenStatuses(position)).toEqual([503, 503, 503, 503, 503]);
		env.sandbox.faults.clear();
	});

	it('a refusal (invalid_grant) is not asked again', async () => {
		env.sandbox.clock.advance(2_678_400 + 1);
		const token = { ...env.store.oauthTokenData(env.credential.id) } as IDataObject;
		delete token.n8n_expires_at;
		env.store.writeOauthTokenData(env.credential.id, token);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(readContacts);
		expect(result.error?.message).toMatch(REFRESH_REFUSED);
		expect(tokenStatuses(position)).toEqual([400]);
	});
});
