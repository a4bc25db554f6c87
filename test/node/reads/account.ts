import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { REFRESH_REFUSED, serviceErrorMatching } from '../n8n-differences';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({}, { fresh: true });

type Business = { id: string; owned: boolean; lead: boolean };
const businesses = () => env.sandbox.dataset.businesses as Business[];
const httpCode = (error: unknown) => (error as { httpCode?: string } | undefined)?.httpCode;

describe('Business', () => {
	it('Get by ID, and Get Lead, return what the service has', async () => {
		const other = businesses().find((business) => !business.lead)!;
		const byId = await env.runNode({
			resource: 'business',
			operation: 'get',
			businessId: { __rl: true, mode: 'id', value: other.id },
		});
		expect(byId.json(NODE)).toEqual([(await env.fetchDirect(`/businesses/${other.id}`)).body]);

		const lead = await env.runNode({ resource: 'business', operation: 'getLead' });
		expect(lead.json(NODE)[0].id).toBe(env.sandbox.dataset.leadBusinessId);
	});

	it('Update changes an owned business with the fields wrapped in "business"', async () => {
		const owned = businesses().find((business) => business.owned && !business.lead)!;
		const result = await env.runNode({
			resource: 'business',
			operation: 'update',
			businessId: { __rl: true, mode: 'list', value: owned.id },
			updateFields: { address_line_1: '1 Quay Street', mobile: '+44 7700 900123', website: 'https://example.org' },
		});
		expect(result.error).toBeUndefined();
		const stored = (await env.fetchDirect(`/businesses/${owned.id}`)).body;
		expect(stored).toMatchObject({
			address_line_1: '1 Quay Street',
			mobile: '+44 7700 900123',
			website: 'https://example.org',
		});
		expect(result.json(NODE)[0]).toMatchObject({ id: owned.id, address_line_1: '1 Quay Street' });
	});

	it('Update of a business the user does not own fails with the service’s reason', async () => {
		const invited = businesses().find((business) => !business.owned)!;
		const result = await env.runNode({
			resource: 'business',
			operation: 'update',
			businessId: { __rl: true, mode: 'id', value: invited.id },
			updateFields: { website: 'https://example.org' },
		});
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(serviceErrorMatching(/only the owner/i, 403));
		expect(httpCode(result.error)).toBe('403');
	});

	it('Update without any field is refused before sending', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'business', operation: 'update', updateFields: {} });
		expect(result.error?.message).toMatch(/Update Fields.*at least one/);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
	});
});

describe('User', () => {
	it('Get returns the signed-in user; Update changes the last name', async () => {
		const got = await env.runNode({ resource: 'user', operation: 'get' });
		expect(got.json(NODE)[0].id).toBe(env.sandbox.dataset.user.id);

		const updated = await env.runNode({
			resource: 'user',
			operation: 'update',
			updateFields: { last_name: 'Ó Briain' },
		});
		expect(updated.json(NODE)[0].last_name).toBe('Ó Briain');
		expect((await env.fetchDirect('/user')).body.last_name).toBe('Ó Briain');
	});
});

describe('Credential → Revoke', () => {
	it('revokes the refresh token; after the access token expires the next run says to reconnect', async () => {
		const stored = env.store.oauthTokenData(env.credential.id) as IDataObject;
		const position = env.sandbox.log.entries().length;

		const revoked = await env.runNode({ resource: 'credential', operation: 'revoke' });
		expect(revoked.error).toBeUndefined();
		const [answer] = revoked.json(NODE);
		expect(answer.revoked).toBe(true);
		expect(String(answer.next)).toMatch(/[Rr]econnect/);
		const revokeCall = env.sandbox.log
			.entries()
			.slice(position)
			.find((entry: { path: string }) => entry.path.endsWith('/revoke'));
		expect(revokeCall).toMatchObject({ method: 'POST', status: 200 });

		const stillValid = await env.runNode({ resource: 'user', operation: 'get' });
		expect(stillValid.error).toBeUndefined();

		env.sandbox.clock.advance(301);
		const afterExpiry = await env.runNode({ resource: 'user', operation: 'get' });
		expect(afterExpiry.error?.message).toMatch(REFRESH_REFUSED);

		const everything = JSON.stringify([
			revoked.run,
			afterExpiry.run,
			afterExpiry.error?.message,
			afterExpiry.error?.description,
		]);
		for (const secret of [stored.access_token, stored.refresh_token, env.sandbox.client.clientSecret]) {
			expect(everything).not.toContain(String(secret));
		}
	});
});
