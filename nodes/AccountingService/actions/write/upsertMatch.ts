import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { hasFilter, isSearchable, type CollectionDefinition } from '../../collections/table';
import { apiRequestAllItems } from '../../transport';
import type { ApiRequest } from '../../transport/types';
import { sameKey } from './upsertKeys';

/**
 * The service's search matches a term at the start of a word and cannot search special
 * characters. The key's leading run of letters and digits starts a word of the stored key however
 * the service splits words (at spaces only, or also at "-", "." and "@"), so searching it finds the
 * record; a key that starts with a special character cannot be searched.
 */
function searchTermOf(value: string): string | undefined {
	return /^[\p{L}\p{N}]+/u.exec(value.trim())?.[0];
}

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
	return (response.body as IDataObject[]).filter((record) => sameKey(record[column], value));
}
