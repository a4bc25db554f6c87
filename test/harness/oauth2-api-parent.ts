import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The parent credential `oAuth2Api` as n8n-nodes-base 2.x defines it, reduced to the fields that
 * matter for an authorization-code/PKCE credential that `extends` it.
 *
 * Why a copy: n8n-nodes-base is not a dependency of this package (it is huge and n8n provides
 * it at runtime), yet n8n merges the parent's properties into every child credential, and the
 * parent is where `clientId`, `clientSecret` and the defaults for `authentication`
 * ('header') and `grantType` ('authorizationCode') come from. Our credential overrides
 * `grantType`, `scope`, `authUrl`, `accessTokenUrl`, `authQueryParameters` and
 * `authentication`, so what the child really inherits is `clientId`, `clientSecret` and
 * `useDynamicClientRegistration` (false).
 *
 * `ignoreSSLIssues` stays to show the rule: n8n's `mergeNodeProperties` skips `doNotInherit`
 * fields, so it never reaches a child. The parent's other `doNotInherit` fields
 * (`tokenExpiredStatusCode`, JWE) and its client-credentials fields are left out for the same
 * reason or because they do not apply to this service.
 */
const showUnlessDynamicRegistration = { show: { useDynamicClientRegistration: [false] } };

const properties: INodeProperties[] = [
	{
		displayName: 'Use Dynamic Client Registration',
		name: 'useDynamicClientRegistration',
		type: 'hidden',
		default: false,
	},
	{
		displayName: 'Grant Type',
		name: 'grantType',
		type: 'options',
		displayOptions: showUnlessDynamicRegistration,
		options: [
			{ name: 'Authorization Code', value: 'authorizationCode' },
			{ name: 'Client Credentials', value: 'clientCredentials' },
			{ name: 'PKCE', value: 'pkce' },
		],
		default: 'authorizationCode',
	},
	{
		displayName: 'Authorization URL',
		name: 'authUrl',
		type: 'string',
		displayOptions: {
			show: { grantType: ['authorizationCode', 'pkce'], useDynamicClientRegistration: [false] },
		},
		default: '',
		required: true,
	},
	{
		displayName: 'Access Token URL',
		name: 'accessTokenUrl',
		type: 'string',
		displayOptions: showUnlessDynamicRegistration,
		default: '',
		required: true,
	},
	{
		displayName: 'Client ID',
		name: 'clientId',
		type: 'string',
		displayOptions: showUnlessDynamicRegistration,
		default: '',
		required: true,
	},
	{
		displayName: 'Client Secret',
		name: 'clientSecret',
		type: 'string',
		typeOptions: { password: true },
		displayOptions: showUnlessDynamicRegistration,
		default: '',
		required: true,
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'string',
		displayOptions: showUnlessDynamicRegistration,
		default: '',
	},
	{
		displayName: 'Auth URI Query Parameters',
		name: 'authQueryParameters',
		type: 'string',
		displayOptions: {
			show: { grantType: ['authorizationCode', 'pkce'], useDynamicClientRegistration: [false] },
		},
		default: '',
	},
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		displayOptions: showUnlessDynamicRegistration,
		options: [
			{ name: 'Body', value: 'body' },
			{ name: 'Header', value: 'header' },
		],
		default: 'header',
	},
	{
		displayName: 'Ignore SSL Issues (Insecure)',
		name: 'ignoreSSLIssues',
		type: 'boolean',
		default: false,
		doNotInherit: true,
	},
];

export const oAuth2ApiParent: ICredentialType = {
	name: 'oAuth2Api',
	displayName: 'OAuth2 API',
	properties,
};
