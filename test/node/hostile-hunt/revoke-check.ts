// Credential → Revoke, through the service as it should answer: the refresh token revoked, then
// one check that the token endpoint refuses to renew with it (invalid_grant). The check's refusal
// is the good outcome, and nothing is to be revoked after it.
import { useConnectedSandbox } from '../connected-sandbox';
import { useGatewayInFront } from '../hostile-service';

const env = useConnectedSandbox();
const front = useGatewayInFront(env, ['revokeUrl', 'accessTokenUrl']);

describe('Credential → Revoke whose check is refused, as it should be', () => {
	it('revokes the one refresh token and checks it once: no other token is posted anywhere', async () => {
		const stored = String(env.store.oauthTokenData(env.credential.id).refresh_token);
		front.gateway.received.length = 0;
		const result = await env.runNode({ resource: 'credential', operation: 'revoke' });

		expect(result.error).toBeUndefined();
		expect(result.json('Accounting Service')[0]).toMatchObject({ revoked: true, renewalRefused: true });
		const posted = front.gateway.received.map((entry) => {
			const form = new URLSearchParams(entry.body);
			return `${entry.url} ${form.get('token') ?? form.get('refresh_token')}`;
		});
		expect(posted).toEqual([`/revoke ${stored}`, `/token ${stored}`]);
	});
});
