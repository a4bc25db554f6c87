import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { AccountingServiceOAuth2Api } from '../../credentials/AccountingServiceOAuth2Api.credentials';
import { AccountingService } from '../../nodes/AccountingService/AccountingService.node';
import { HANDLERS } from '../../nodes/AccountingService/actions/router';
import { GENERATED_COLLECTIONS } from '../../nodes/AccountingService/collections/generated';
import { COLLECTIONS, findCollection, isSearchable } from '../../nodes/AccountingService/collections/table';
import { collections, filterParameters, listParameter } from '../../openapi/collections';
import { creatableCollections } from '../../openapi/writes';
import { generatedSources } from '../../scripts/generate-collections';

const ROOT = resolve(__dirname, '..', '..');
/** The node panel's actions list shows an action on one line of its width, two at most. */
const MAX_ACTION_LENGTH = 72;
const spec = readFileSync(resolve(ROOT, 'reference', 'accounting-api-v3.1.md'), 'utf8');

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
const inSpec = [...new Set([...specList(/^Collection paths present:/, /`\/([a-z_]+)`/g), ...searchableInSpec])];

const listPaths = collections()
	.filter((collection) => !collection.singleton)
	.map((collection) => collection.name);
const settingsPaths = collections()
	.filter((collection) => collection.singleton)
	.map((collection) => collection.name);

/** The 29 resource values of the first release: saved workflows use them, so they never change. */
const FIRST_RELEASE_RESOURCES: Record<string, string> = {
	artefact_statuses: 'artefactStatus',
	attachments: 'attachment',
	bank_accounts: 'bankAccount',
	bank_account_types: 'bankAccountType',
	contacts: 'contact',
	countries: 'country',
	exchange_rates: 'exchangeRate',
	financial_settings: 'financialSettings',
	invoice_settings: 'invoiceSettings',
	ledger_accounts: 'ledgerAccount',
	ledger_account_types: 'ledgerAccountType',
	ledger_entries: 'ledgerEntry',
	other_payments: 'otherPayment',
	products: 'product',
	purchase_corrective_invoices: 'purchaseCorrectiveInvoice',
	purchase_credit_notes: 'purchaseCreditNote',
	purchase_invoices: 'purchaseInvoice',
	purchase_quick_entries: 'purchaseQuickEntry',
	sales_corrective_invoices: 'salesCorrectiveInvoice',
	sales_credit_notes: 'salesCreditNote',
	sales_estimates: 'salesEstimate',
	sales_invoices: 'salesInvoice',
	sales_quick_entries: 'salesQuickEntry',
	sales_quotes: 'salesQuote',
	services: 'service',
	stock_items: 'stockItem',
	tax_offices: 'taxOffice',
	tax_profiles: 'taxProfile',
	tax_rates: 'taxRate',
};

describe('collection table', () => {
	it('has a row for every list path and every settings object of the OpenAPI, once', () => {
		expect(listPaths).toHaveLength(78);
		expect(settingsPaths).toHaveLength(7);
		const paths = COLLECTIONS.map((row) => row.path);
		expect(new Set(paths).size).toBe(paths.length);
		expect([...paths].sort()).toEqual([...listPaths, ...settingsPaths].sort());
		expect(
			COLLECTIONS.filter((row) => row.singleton)
				.map((row) => row.path)
				.sort(),
		).toEqual([...settingsPaths].sort());
	});

	it('includes every collection the spec names, with the first release’s resource values unchanged', () => {
		expect(inSpec).toHaveLength(29);
		for (const path of inSpec)
			expect(COLLECTIONS.find((row) => row.path === path)?.resource).toBe(FIRST_RELEASE_RESOURCES[path]);
	});

	it('names every new resource the same way: camelCase of the singular', () => {
		const resources = COLLECTIONS.map((row) => row.resource);
		expect(new Set(resources).size).toBe(resources.length);
		for (const resource of resources) expect(resource).toMatch(/^[a-z][a-zA-Z]*$/);
		expect(findCollection('contactPayment')?.path).toBe('contact_payments');
		expect(findCollection('contactPerson')?.path).toBe('contact_persons');
	});

	it('offers search where the spec says for its collections, and where the OpenAPI declares it elsewhere', () => {
		expect(searchableInSpec).toHaveLength(14);
		for (const row of COLLECTIONS) {
			const declared = listParameter(row.path, 'search') !== undefined;
			const expected = inSpec.includes(row.path) ? searchableInSpec.includes(row.path) : declared;
			expect([row.path, isSearchable(row)]).toEqual([row.path, expected]);
		}
	});

	it.each(COLLECTIONS.filter((row) => !row.singleton).map((row) => [row.path, row] as const))(
		'%s: offers exactly the OpenAPI’s filters, named after them, with its enum values',
		(path, row) => {
			const declared = filterParameters(path);
			expect(row.filters.map((filter) => filter.query).sort()).toEqual(
				declared.map((parameter) => parameter.name).sort(),
			);
			for (const filter of row.filters) {
				expect(filter.name).toBe(filter.query.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
				expect(filter.description.length).toBeGreaterThan(10);
				const allowed = declared.find((parameter) => parameter.name === filter.query)?.enum;
				if (allowed)
					expect(allowed).toEqual(expect.arrayContaining(filter.options?.map((option) => option.value) ?? ['none']));
				if (filter.kind === 'options') expect(filter.options?.length).toBeGreaterThan(0);
			}
			if (row.sort.length) expect(listParameter(path, 'sort')).toBeDefined();
		},
	);

	it('the spec’s two known filters are dropdowns with the spec’s values', () => {
		const filter = (resource: string, query: string) =>
			findCollection(resource)?.filters.find((candidate) => candidate.query === query);
		expect(filter('ledgerAccount', 'visible_in')?.options?.map((option) => option.value)).toEqual(
			expect.arrayContaining(['expenses', 'sales']),
		);
		expect(filter('otherPayment', 'transaction_type_id')?.options?.map((option) => option.value)).toEqual([
			'OTHER_PAYMENT',
			'OTHER_RECEIPT',
		]);
	});

	it('filters by day where the spec’s dates are days, and by moment where the service takes a time', () => {
		for (const row of COLLECTIONS) {
			for (const filter of row.filters) {
				if (['from_date', 'to_date'].includes(filter.query)) expect(filter.kind).toBe('date');
				if (filter.query.endsWith('_since')) expect(filter.kind).toBe('dateTime');
			}
		}
	});

	it('shows where an endpoint is limited to some countries, as the OpenAPI says', () => {
		expect(findCollection('taxOffice')?.availability).toBe('Only in Germany');
		expect(findCollection('datevSettings')?.availability).toBe('Only in Germany');
		expect(findCollection('cisSettings')?.availability).toBe('Only in the UK');
		expect(findCollection('salesInvoice')?.availability).toBeUndefined();
	});

	it('records the write methods of every path for the write side', () => {
		const writable = COLLECTIONS.filter((row) => row.writes.create);
		expect(writable.map((row) => row.path).sort()).toEqual(creatableCollections().sort());
		expect(findCollection('salesInvoice')?.writes).toEqual({
			create: 'postSalesInvoices',
			update: 'putSalesInvoices',
			delete: true,
			deleteQuery: ['void_reason'],
			actions: ['release'],
		});
	});

	it('the generated files are what the generator makes from the OpenAPI now (npm run generate)', async () => {
		const sources = Object.entries(await generatedSources());
		expect(sources).toHaveLength(3);
		for (const [file, source] of sources) expect([file, readFileSync(file, 'utf8')]).toEqual([file, source]);
		expect(GENERATED_COLLECTIONS).toHaveLength(85);
	});
});

describe('node description', () => {
	const { description } = new AccountingService();
	const property = (name: string) => description.properties.filter((candidate) => candidate.name === name);

	it('keeps the public parameter names', () => {
		const names = new Set(description.properties.map((candidate) => candidate.name));
		for (const name of [
			'resource',
			'operation',
			'returnAll',
			'limit',
			'id',
			'searchText',
			'filters',
			'options',
			'business',
		]) {
			expect(names).toContain(name);
		}
	});

	it('lists every collection as a resource, and runs exactly the operations it offers, each offered once', () => {
		const resources = (property('resource')[0].options ?? []).map((option) => (option as { value: string }).value);
		for (const row of COLLECTIONS) expect(resources).toContain(row.resource);
		expect(Object.keys(HANDLERS).sort()).toEqual([...resources].sort());
		for (const resource of resources) {
			const offered = property('operation')
				.filter((candidate) => candidate.displayOptions?.show?.resource?.includes(resource))
				.flatMap((candidate) => (candidate.options ?? []).map((option) => (option as { value: string }).value));
			expect([resource, new Set(offered).size]).toEqual([resource, offered.length]);
			expect([resource, offered.sort()]).toEqual([resource, Object.keys(HANDLERS[resource]).sort()]);
		}
	});

	it('gives every operation an action in sentence case', () => {
		for (const operation of property('operation')) {
			for (const option of operation.options as Array<{ action?: string }>) {
				// Acronyms keep their capitals in sentence case.
				expect(option.action?.replace(/\b(PDF|ID)\b/g, 'x')).toMatch(/^[A-Z][^A-Z]*$/);
			}
		}
	});

	it('keeps every action short enough for the editor’s actions list', () => {
		const actions = property('operation').flatMap((operation) =>
			(operation.options as Array<{ action: string }>).map((option) => option.action),
		);
		const tooLong = actions.filter((action) => action.length > MAX_ACTION_LENGTH);
		expect(tooLong).toEqual([]);
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
		expect(
			field('scope')
				?.options?.map((option) => (option as { value: string }).value)
				.sort(),
		).toEqual(['full_access', 'readonly']);
	});

	it('points at production by default', () => {
		expect(field('baseUrl')?.default).toBe('https://api.accounting.sage.com/v3.1');
		expect(field('authUrl')?.default).toBe('https://www.sageone.com/oauth2/auth/central');
		expect(field('accessTokenUrl')?.default).toBe('https://oauth.accounting.sage.com/token');
		expect(field('revokeUrl')?.default).toBe('https://oauth.accounting.sage.com/revoke');
	});

	it('offers the spec’s seven countries', () => {
		const codes = field('country')
			?.options?.map((option) => (option as { value: string }).value)
			.filter(Boolean);
		expect(codes?.sort()).toEqual(['ca', 'de', 'es', 'fr', 'gb', 'ie', 'us']);
	});
});

it('no file of the repository reaches outside it for the shared spec or OpenAPI', () => {
	const outside = `..${'/'}${'shared'}`;
	const offenders: string[] = [];
	const walk = (folder: string) => {
		for (const name of readdirSync(folder)) {
			if (['node_modules', '.git', 'dist', 'scratch', 'out'].includes(name) || name.endsWith('.png')) continue;
			const path = join(folder, name);
			if (statSync(path).isDirectory()) walk(path);
			else if (statSync(path).size < 2_000_000 && readFileSync(path, 'utf8').includes(outside))
				offenders.push(path.slice(ROOT.length + 1));
		}
	};
	walk(ROOT);
	expect(offenders).toEqual([]);
});

it('the canvas subtitle names the operation and resource as the editor shows them', () => {
	const subtitle = new AccountingService().description.subtitle as string;
	const body = subtitle.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	const render = new Function('$parameter', `return ${body};`) as (parameter: Record<string, string>) => string;
	expect(render({ operation: 'getAll', resource: 'salesInvoice' })).toBe('Get Many: Sales Invoice');
	expect(render({ operation: 'downloadFile', resource: 'attachment' })).toBe('Download File: Attachment');
	expect(render({ operation: 'getLead', resource: 'business' })).toBe('Get Lead: Business');
});
