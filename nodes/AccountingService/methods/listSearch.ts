import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { findCollection } from '../collections/table';
import { ALL_BUSINESSES, ALL_BUSINESSES_LABEL, LEAD_BUSINESS, LEAD_BUSINESS_LABEL } from '../descriptions/business';
import { OPERATIONS } from '../operations';
import { apiRequestListPage, MAX_PAGE_SIZE } from '../transport';

interface Summary extends IDataObject {
	id: string;
	displayed_as?: string;
}

const toResults = (items: Summary[]) => items.map((item) => ({ name: item.displayed_as || item.id, value: item.id }));

/** One page of a list; the service's `$next` path is the pagination token. */
async function listPage(
	context: ILoadOptionsFunctions,
	path: string,
	paginationToken: string | undefined,
	qs: IDataObject,
	business?: string,
) {
	const { envelope } = await apiRequestListPage.call(
		context,
		paginationToken
			? { path: paginationToken, business }
			: { path, qs: { ...qs, items_per_page: MAX_PAGE_SIZE }, business },
	);
	return { results: toResults(envelope.$items as Summary[]), paginationToken: envelope.$next ?? undefined };
}

/** The business the node's Business field names; undefined for the lead business. */
export function selectedBusiness(context: ILoadOptionsFunctions): string | undefined {
	const value = context.getCurrentNodeParameter('business', { extractValue: true }) as string | undefined;
	return value && value !== LEAD_BUSINESS && value !== ALL_BUSINESSES ? value : undefined;
}

/** All Businesses is offered where the node can read every business: the trigger, lists and reports. */
function offersAllBusinesses(context: ILoadOptionsFunctions): boolean {
	if (context.getNode().type.endsWith('Trigger')) return true;
	const resource = String(context.getCurrentNodeParameter('resource'));
	const operation = context.getCurrentNodeParameter('operation');
	return OPERATIONS.some(
		(candidate) =>
			candidate.acrossBusinesses && candidate.value === operation && candidate.resources.includes(resource),
	);
}

export async function searchBusinesses(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await listPage(this, '/businesses', paginationToken, {});
	const wanted = filter?.trim().toLowerCase();
	const results = wanted
		? page.results.filter((result) => result.name.toLowerCase().includes(wanted) || result.value === filter?.trim())
		: page.results;
	const first =
		paginationToken || wanted
			? []
			: [
					...(offersAllBusinesses(this) ? [{ name: ALL_BUSINESSES_LABEL, value: ALL_BUSINESSES }] : []),
					{ name: LEAD_BUSINESS_LABEL, value: LEAD_BUSINESS },
				];
	return { results: [...first, ...results], paginationToken: page.paginationToken };
}

export async function searchRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const resource = this.getCurrentNodeParameter('resource') as string;
	const row = findCollection(resource);
	if (!row || row.singleton) return { results: [] };
	const search = filter
		?.trim()
		.replace(/[^\p{L}\p{N}\s]+/gu, ' ')
		.trim();
	const qs = search && row.searchMatches ? { search } : {};
	return await listPage(this, `/${row.path}`, paginationToken, qs, selectedBusiness(this));
}

/** A list the write side picks from: searched by the service where it can, else filtered here by name. */
async function searchList(
	context: ILoadOptionsFunctions,
	path: string,
	searchable: boolean,
	filter: string | undefined,
	paginationToken: string | undefined,
	qs: IDataObject = {},
): Promise<INodeListSearchResult> {
	const wanted = filter?.trim();
	const search = wanted?.replace(/[^\p{L}\p{N}\s]+/gu, ' ').trim();
	const page = await listPage(
		context,
		path,
		paginationToken,
		{ ...qs, ...(searchable && search ? { search } : {}) },
		selectedBusiness(context),
	);
	if (searchable || !wanted) return page;
	const lower = wanted.toLowerCase();
	return {
		...page,
		results: page.results.filter((result) => result.name.toLowerCase().includes(lower) || result.value === wanted),
	};
}

/** Products of the selected business, for a document line. */
export async function searchProducts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchList(this, '/products', true, filter, paginationToken);
}

/** Services of the selected business, for a document line. */
export async function searchServices(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchList(this, '/services', true, filter, paginationToken);
}

/** Whether the selected resource sells or buys: its lines offer that side's accounts and rates. */
const sideOf = (context: ILoadOptionsFunctions) =>
	/^purchase/.test(String(context.getCurrentNodeParameter('resource'))) ? 'purchase' : 'sales';

/** The ledger accounts a document line of the selected business can post to (sales, or expenses for a purchase). */
export async function searchLedgerAccounts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	const visibleIn = sideOf(this) === 'purchase' ? 'expenses' : 'sales';
	return await searchList(this, '/ledger_accounts', false, filter, paginationToken, { visible_in: visibleIn });
}

/** Tax rates of the selected business for the document's side (sales or purchase). */
export async function searchTaxRates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchList(this, '/tax_rates', false, filter, paginationToken, { usage: sideOf(this) });
}

/**
 * What a payment can settle: the contact's sales invoices (a customer receipt) or purchase
 * invoices (a supplier payment), as the payment's Fields say, sales invoices when they do not.
 */
export async function searchArtefacts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	const fields = (this.getCurrentNodeParameter('fields') ?? {}) as { value?: IDataObject | null };
	const type = String(fields.value?.transaction_type_id ?? '');
	const contact = fields.value?.contact_id;
	const path = /VENDOR|PURCHASE/i.test(type) ? '/purchase_invoices' : '/sales_invoices';
	const qs: IDataObject = typeof contact === 'string' && /^[\w-]+$/.test(contact) ? { contact_id: contact } : {};
	return await searchList(this, path, true, filter, paginationToken, qs);
}
