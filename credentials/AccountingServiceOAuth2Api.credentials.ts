import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { AUTHORIZATION_COUNTRIES } from '../nodes/AccountingService/helpers/countries';

export const PRODUCTION_ENDPOINTS = {
	baseUrl: 'https://api.accounting.sage.com/v3.1',
	authUrl: 'https://www.sageone.com/oauth2/auth/central',
	accessTokenUrl: 'https://oauth.accounting.sage.com/token',
	revokeUrl: 'https://oauth.accounting.sage.com/revoke',
} as const;

export class AccountingServiceOAuth2Api implements ICredentialType {
	name = 'accountingServiceOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Sage Accounting OAuth2 API';

	documentationUrl = 'https://developer.sage.com/accounting/guides/authenticating/authentication/';

	icon: Icon = {
		light: 'file:../nodes/AccountingService/icons/accountingService.svg',
		dark: 'file:../nodes/AccountingService/icons/accountingService.dark.svg',
	};

	/**
	 * The escape hatch for what the node does not cover: n8n's editor turns this into an
	 * "Sage Accounting API" entry in the node panel, an HTTP Request node with this credential
	 * already chosen (predefined credential type) and its URL starting at the production base URL.
	 *
	 * n8n's package loader (PackageDirectoryLoader.inferSupportedNodes, which loads every
	 * community package) sets `hidden` on it because this package has nodes that use the
	 * credential: it counts on those nodes' "custom API call" link in their actions panel. For a
	 * community node the editor shows its package footer there instead, so nothing would lead to
	 * the HTTP Request node. `hidden` therefore stays false whatever the loader assigns.
	 */
	httpRequestNode: ICredentialType['httpRequestNode'] = {
		name: 'Sage Accounting API',
		docsUrl: 'https://developer.sage.com/accounting/reference/',
		apiBaseUrl: `${PRODUCTION_ENDPOINTS.baseUrl}/`,
		get hidden() {
			return false;
		},
		set hidden(_ignored: boolean | undefined) {
			// n8n's loader assigns true (see above); the entry stays in the node panel.
		},
	};

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{
					name: 'Authorization Code with PKCE',
					value: 'pkce',
					description: 'Recommended. Needs n8n 2.14 or newer.',
				},
				{
					name: 'Authorization Code',
					value: 'authorizationCode',
					description: 'For n8n older than 2.14, which cannot send the client secret together with PKCE',
				},
			],
			default: 'pkce',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: [
				{
					name: 'Full Access',
					value: 'full_access',
					description: 'Read and change data, for example update a business or the user',
				},
				{
					name: 'Read Only',
					value: 'readonly',
					description: 'Read data only; writes are refused. Connect again after changing the scope.',
				},
			],
			default: 'full_access',
		},
		{
			displayName: 'Country',
			name: 'country',
			type: 'options',
			options: [
				{ name: 'Any (User Chooses on the Sign-in Page)', value: '' },
				...AUTHORIZATION_COUNTRIES.map(({ code, name }) => ({ name, value: code })),
			],
			default: '',
			description: 'Skips the country list on the sign-in page',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: PRODUCTION_ENDPOINTS.baseUrl,
			description: 'Address of the API, including the version. Change it only to use a test service.',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: PRODUCTION_ENDPOINTS.authUrl,
			required: true,
			hint: 'Leave as it is, unless you connect to a test service such as this package’s sandbox',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: PRODUCTION_ENDPOINTS.accessTokenUrl,
			required: true,
			hint: 'Leave as it is, unless you connect to a test service such as this package’s sandbox',
		},
		{
			displayName: 'Revoke URL',
			name: 'revokeUrl',
			type: 'string',
			default: PRODUCTION_ENDPOINTS.revokeUrl,
			description: 'Used by the Revoke operation to withdraw the refresh token',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '={{"filter=apiv3.1" + ($self["country"] ? "&country=" + $self["country"] : "")}}',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'body',
		},
	];
}
