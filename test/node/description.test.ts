import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { AccountingServiceOAuth2Api } from '../../credentials/AccountingServiceOAuth2Api.credentials';
import { AccountingService } from '../../nodes/AccountingService/AccountingService.node';
import { supportedOperations } from '../../nodes/AccountingService/actions/registry';
import { FILTERS, type FilterDefinition } from '../../nodes/AccountingService/collections/filters';
import { COLLECTIONS, isSearchable } from '../../nodes/AccountingService/collections/table';

const SHARED = resolve(__dirname, '..', '..', '..', 'shared');
const spec = readFileSync(resolve(SHARED, 'spec', 'accounting-api-v3.1.md'), 'utf8');
const openApi = JSON.parse(
	readFileSync(resolve(SHARED, 'reference', 'accounting-v3.1-openapi.json'), 'utf8'),
) as { paths: Record<string, { get?: { parameters?: Array<{ name: string; enum?: string[] }> } }> };

/** Collection names as the spec lists them: `` `/a`, `/b` `` and the searchable `` `a`, `b` ``. */
function specList(heading: RegExp, pattern: RegExp): string[] {
	const line = spec.split('\n').find((text) => heading.test(text)) ?? '';
	return [...line.matchAll(pattern)].map((match) => match[1]);
}

const searchableInSpec = (() => {
	const start = spec.indexOf('These collections accept');
	const paragraph = spec.slice(start, spec.indexOf('Search rules', start));
	return [...paragraph.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]).filter((name) => name !== 'search');
})();
const otherInSpec = specList(/^Collection paths present:/, /`\/([a-z_]+)`/g);

describe('collection table', () => {
	it('covers every collection of the spec, once', () => {
		const paths = COLLECTIONS.map((row) => row.path);
		expect(new Set(paths).size).toBe(paths.length);
		expect([...paths].sort()).toEqual([...new Set([...otherInSpec, ...searchableInSpec])].sort());
		expect(paths).toHaveLength(29);
	});

	it('offers search exactly on the spec’s searchable collections', () => {
		expect(COLLECTIONS.filter(isSearchable).map((row) => row.path).sort()).toEqual([...searchableInSpec].sort());
		expect(searchableInSpec).toHaveLength(14);
	});

	it('marks the two single-object endpoints as singletons', () => {
		expect(COLLECTIONS.filter((row) => row.singleton).map((row) => row.path).sort()).toEqual([
			'financial_settings',
			'invoice_settings',
		]);
	});

	it.each(COLLECTIONS.filter((row) => row.filters || row.sort).map((row) => [row.path, row] as const))(
		'%s: every filter and sort field is one the production OpenAPI lists',
		(path, row) => {
			const parameters = openApi.paths[`/${path}`]?.get?.parameters ?? [];
			const names = parameters.map((parameter) => parameter.name);
			for (const id of row.filters ?? []) expect(names).toContain(FILTERS[id].query);
			if (row.sort) expect(names).toContain('sort');
			for (const id of row.filters ?? []) {
				const declared = parameters.find((parameter) => parameter.name === FILTERS[id].query)?.enum;
				const offered = (FILTERS[id] as FilterDefinition).options?.map((option) => option.value);
				if (declared && offered) expect(declared).toEqual(expect.arrayContaining(offered));
			}
		},
	);

	it('the spec’s two known filters are dropdowns with the spec’s values', () => {
		expect(FILTERS.visibleIn.options.map((option) => option.value)).toEqual(
			expect.arrayContaining(['expenses', 'sales']),
		);
		expect(FILTERS.otherPaymentType.options.map((option) => option.value)).toEqual(['OTHER_PAYMENT', 'OTHER_RECEIPT']);
	});
});

describe('node description', () => {
	const { description } = new AccountingService();
	const property = (name: string) => description.properties.filter((candidate) => candidate.name === name);

	it('keeps the public parameter names', () => {
		const names = new Set(description.properties.map((candidate) => candidate.name));
		for (const name of ['resource', 'operation', 'returnAll', 'limit', 'id', 'searchText', 'filters', 'options', 'business']) {
			expect(names).toContain(name);
		}
	});

	it('lists every collection as a resource with its operations, and runs each one it lists', () => {
		const resources = (property('resource')[0].options ?? []).map((option) => (option as { value: string }).value);
		const runnable = supportedOperations();
		for (const row of COLLECTIONS) {
			expect(resources).toContain(row.resource);
			const offered = property('operation')
				.filter((candidate) => candidate.displayOptions?.show?.resource?.includes(row.resource))
				.flatMap((candidate) => (candidate.options ?? []).map((option) => (option as { value: string }).value));
			expect(offered.sort()).toEqual([...runnable[row.resource]].sort());
		}
	});

	it('gives every operation an action in sentence case', () => {
		for (const operation of property('operation')) {
			for (const option of operation.options as Array<{ action?: string }>) {
				expect(option.action).toMatch(/^[A-Z][^A-Z]*$/);
			}
		}
	});

	it('matches the reviewed snapshot (a change to the table shows up here)', () => {
		expect(description).toMatchSnapshot();
	});

	it('resource and operation never take expressions', () => {
		for (const candidate of [...property('resource'), ...property('operation')] as INodeProperties[]) {
			expect(candidate.noDataExpression).toBe(true);
		}
	});
});

describe('credential', () => {
	const credential = new AccountingServiceOAuth2Api();
	const field = (name: string) => credential.properties.find((candidate) => candidate.name === name);

	it('extends n8n’s OAuth2 and sends the client secret in the body', () => {
		expect(credential.extends).toEqual(['oAuth2Api']);
		expect(field('authentication')).toMatchObject({ type: 'hidden', default: 'body' });
	});

	it('defaults to PKCE and offers the plain code grant for older n8n', () => {
		expect(field('grantType')).toMatchObject({ type: 'options', default: 'pkce' });
		expect(field('grantType')?.options?.map((option) => (option as { value: string }).value)).toEqual([
			'pkce',
			'authorizationCode',
		]);
	});

	it('offers the two scopes as choices, not free text', () => {
		expect(field('scope')?.type).toBe('options');
		expect(field('scope')?.options?.map((option) => (option as { value: string }).value).sort()).toEqual([
			'full_access',
			'readonly',
		]);
	});

	it('points at production by default', () => {
		expect(field('baseUrl')?.default).toBe('https://api.accounting.sage.com/v3.1');
		expect(field('authUrl')?.default).toBe('https://www.sageone.com/oauth2/auth/central');
		expect(field('accessTokenUrl')?.default).toBe('https://oauth.accounting.sage.com/token');
		expect(field('revokeUrl')?.default).toBe('https://oauth.accounting.sage.com/revoke');
	});

	it('offers the spec’s seven countries', () => {
		const codes = field('country')?.options?.map((option) => (option as { value: string }).value).filter(Boolean);
		expect(codes?.sort()).toEqual(['ca', 'de', 'es', 'fr', 'gb', 'ie', 'us']);
	});
});

it('the shared spec is readable from the test run', () => {
	expect(existsSync(SHARED)).toBe(true);
});

it('the canvas subtitle names the operation and resource as the editor shows them', () => {
	const subtitle = new AccountingService().description.subtitle as string;
	const body = subtitle.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	const render = new Function('$parameter', `return ${body};`) as (parameter: Record<string, string>) => string;
	expect(render({ operation: 'getAll', resource: 'salesInvoice' })).toBe('Get Many: Sales Invoice');
	expect(render({ operation: 'downloadFile', resource: 'attachment' })).toBe('Download File: Attachment');
	expect(render({ operation: 'getLead', resource: 'business' })).toBe('Get Lead: Business');
});
