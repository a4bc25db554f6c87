import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { findCollection } from '../collections/table';
import { LEAD_BUSINESS, LEAD_BUSINESS_LABEL } from '../descriptions/business';
import { apiRequestListPage, MAX_PAGE_SIZE } from '../transport';

interface Summary extends IDataObject {
	id: string;
	displayed_as?: string;
}

const toResults = (items: Summary[]) =>
	items.map((item) => ({ name: item.displayed_as || item.id, value: item.id }));

/** One page of a list; the service's `$next` path is the pagination token. */
async function listPage(
	context: ILoadOptionsFunctions,
	path: string,
	paginationToken: string | undefined,
	qs: IDataObject,
	business?: string,
) {
	const { envelope } = await apiRequestListPage(
		context,
		paginationToken
			? { path: paginationToken, business }
			: { path, qs: { ...qs, items_per_page: MAX_PAGE_SIZE }, business },
	);
	return { results: toResults(envelope.$items as Summary[]), paginationToken: envelope.$next ?? undefined };
}

function selectedBusiness(context: ILoadOptionsFunctions): string | undefined {
	const value = context.getCurrentNodeParameter('business', { extractValue: true }) as string | undefined;
	return value && value !== LEAD_BUSINESS ? value : undefined;
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
	const lead = paginationToken || wanted ? [] : [{ name: LEAD_BUSINESS_LABEL, value: LEAD_BUSINESS }];
	return { results: [...lead, ...results], paginationToken: page.paginationToken };
}

export async function searchRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const resource = this.getCurrentNodeParameter('resource') as string;
	const row = findCollection(resource);
	if (!row || row.singleton) return { results: [] };
	const search = filter?.trim().replace(/[^\p{L}\p{N}\s]+/gu, ' ').trim();
	const qs = search && row.searchMatches ? { search } : {};
	return await listPage(this, `/${row.path}`, paginationToken, qs, selectedBusiness(this));
}
