import { revokeRefreshToken } from '../transport/revoke';
import { resourceOperation } from './define';
import type { ResourceOption } from './types';

export const credentialResource: ResourceOption = {
	name: 'Credential',
	value: 'credential',
	description: 'The connection this node signs in with',
	businessScoped: false,
};

const AFTERWARDS =
	'The refresh token is revoked: this credential can no longer renew its access. Reconnect it ("Connect my account") before the next run. The current access token cannot be revoked and stays valid for the rest of its 5 minutes.';

const CHECKED =
	'Checked after the revoke: the service refused to renew with the refresh token the credential holds (invalid_grant).';
const NOT_CHECKED =
	'Not confirmed: the service could not be asked to renew with the refresh token the credential holds after the revoke. Run Revoke again.';

export const revokeOperation = resourceOperation({
	resource: 'credential',
	value: 'revoke',
	option: {
		name: 'Revoke',
		description: 'Withdraw the refresh token, so the credential must be reconnected before it works again',
		action: 'Revoke the credential’s refresh token',
	},
	properties: [
		{
			displayName:
				'Revoking ends this credential’s access: it must be reconnected afterwards. The current access token stays valid for up to 5 minutes; the service cannot revoke it.',
			name: 'revokeNotice',
			type: 'notice',
			default: '',
		},
	],
	async execute(_parameters, itemIndex) {
		const { service, renewalRefused } = await revokeRefreshToken.call(this, itemIndex);
		return [
			{
				json: {
					revoked: true,
					service,
					renewalRefused,
					checked: renewalRefused ? CHECKED : NOT_CHECKED,
					next: AFTERWARDS,
				},
			},
		];
	},
});
