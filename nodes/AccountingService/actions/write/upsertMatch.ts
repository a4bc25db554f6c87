import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { hasFilter, isSearchable, type CollectionDefinition } from '../../collections/table';
import { apiRequest, apiRequestAllItems } from '../../transport';
import type { ApiRequest } from '../../transport/types';
import { searchTermOf } from './lookupQueries';
import { sameKey } from './keyText';

/**
 * The list query that narrows the records to those that may have the key: the list's filter named
 * after the key (a contact's `email`, exact), else its search, else none (ledger accounts: the
 * whole chart is read, 200 accounts a page). Only the key's attribute is asked for.
 */
function candidatesQuery(row: CollectionDefinition, column: string, value: string): IDataObject {
	const query: IDataObject = { attributes: column };
	if (hasFilter(row, column)) return { ...query, [column]: value.trim() };
	const term = isSearchable(row) ? searchTermOf(value) : undefined;
	return term ? { ...query, search: term } : query;
}

/** The records whose `column` is `value` as keys are compared (upsertKeys.ts): every page of the narrowed list. */
export async function recordsWithKey(
	this: IExecuteFunctions,
	row: CollectionDefinition,
	column: string,
	value: string | number,
	business: string | undefined,
	scope: Pick<ApiRequest, 'itemIndex' | 'retry' | 'pace'>,
): Promise<IDataObject[]> {
	const response = await apiRequestAllItems.call(this, {
		path: `/${row.path}`,
		qs: candidatesQuery(row, column, String(value)),
		business,
		...scope,
	});
	const candidates = response.body as IDataObject[];
	// A filter named after the key (a contact's `email`) is the service's own match: it finds a
	// contact by any of its contact persons' addresses, which the contact's own `email` may not be.
	return hasFilter(row, column) ? candidates : candidates.filter((record) => sameKey(record[column], value));
}

/** The record an answer names as the service holds it now; undefined when it is gone (404). */
export async function currentRecord(
	this: IExecuteFunctions,
	row: CollectionDefinition,
	answered: IDataObject,
	business: string | undefined,
	scope: Pick<ApiRequest, 'itemIndex' | 'retry' | 'pace'>,
): Promise<IDataObject | undefined> {
	const [read] = await Promise.allSettled([
		apiRequest.call(this, { path: `/${row.path}/${encodeURIComponent(String(answered.id))}`, business, ...scope }),
	]);
	if (read.status === 'fulfilled') return read.value.body;
	if (String((read.reason as { httpCode?: unknown } | null)?.httpCode) === '404') return undefined;
	throw read.reason;
}

/**
 * Whether a record the service holds has the key now: its own attribute compared as keys are
 * (keyText.ts), or, where the list has a filter named after the key (a contact's `email`, which
 * any of its contact persons' addresses meets), that filter still finds it.
 */
export async function hasKeyNow(
	this: IExecuteFunctions,
	row: CollectionDefinition,
	column: string,
	value: string | number,
	stored: IDataObject,
	business: string | undefined,
	scope: Pick<ApiRequest, 'itemIndex' | 'retry' | 'pace'>,
): Promise<boolean> {
	if (!hasFilter(row, column)) return !(column in stored) || sameKey(stored[column], value);
	const holders = await recordsWithKey.call(this, row, column, value, business, scope);
	return holders.some((record) => record.id === stored.id);
}
