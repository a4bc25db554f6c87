import { AccountingServiceOAuth2Api } from '../../../credentials/AccountingServiceOAuth2Api.credentials';

/** The node panel's "Accounting Service API · HTTP request" entry, n8n's way to a custom API call. */
describe('the credential’s HTTP Request entry', () => {
	const credential = new AccountingServiceOAuth2Api();
	const entry = credential.httpRequestNode;

	it('starts the URL at the credential’s default base URL and links the API reference', () => {
		const baseUrl = credential.properties.find((property) => property.name === 'baseUrl')?.default;
		expect(entry).toMatchObject({ name: 'Sage Accounting API', apiBaseUrl: `${String(baseUrl)}/` });
		expect(entry?.docsUrl).toMatch(/^https:\/\/developer\.sage\.com\/accounting\//);
	});

	it('stays visible when n8n’s package loader marks it hidden, also in what the editor receives', () => {
		// PackageDirectoryLoader.inferSupportedNodes does this for every credential a package's nodes use.
		(entry as { hidden?: boolean }).hidden = true;
		expect(entry?.hidden).toBe(false);
		// The loader serves credential types as a shallow copy turned into JSON.
		const served = JSON.parse(JSON.stringify({ ...credential })) as { httpRequestNode: Record<string, unknown> };
		expect(served.httpRequestNode).toMatchObject({ name: 'Sage Accounting API', hidden: false });
	});
});
