import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { oncePerExecution } from '../../state';
import { apiRequestAllItems } from '../../transport';
import type { RetryPolicy } from '../../transport/retry';

/** What one item's requests carry (its index for errors, its retry policy). */
export type LookupScope = { itemIndex: number; retry: RetryPolicy };

/** The records a value names, each with the attribute it was compared on. */
export type Candidates = IDataObject[];

/**
 * The service searches whole words from their start and refuses special characters, so a value
 * such as "WID-001" is searched as the words "WID 001"; the exact compare comes after. Undefined
 * when the value has no letter or digit to search by.
 */
export const searchTermsOf = (value: string): string | undefined =>
	value
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean)
		.join(' ') || undefined;

/**
 * The records of `path` whose `attribute` equals `value`: a search by the value's words (or the
 * given filter), every page, then the exact compare the search itself does not make.
 */
export async function recordsWhere(
	this: IExecuteFunctions,
	lookup: {
		path: string;
		attribute: string;
		value: string;
		query: IDataObject;
		same: (found: unknown, wanted: string) => boolean;
	},
	business: string | undefined,
	scope: LookupScope,
): Promise<Candidates> {
	const key = `${business ?? ''}|${lookup.path}|${JSON.stringify(lookup.query)}`;
	const found = await oncePerExecution(this, 'lookups', key, async () => {
		const response = await apiRequestAllItems.call(this, {
			path: lookup.path,
			qs: { ...lookup.query, attributes: lookup.attribute },
			business,
			...scope,
		});
		return response.body as IDataObject[];
	});
	return found.filter((record) => lookup.same(record[lookup.attribute], lookup.value));
}

/**
 * The business's ledger accounts by nominal code: the service cannot search them, so all of
 * them are read (`attributes=nominal_code`, every page) once per execution and business.
 */
export async function ledgerAccountsByNominalCode(
	this: IExecuteFunctions,
	business: string | undefined,
	scope: LookupScope,
): Promise<Map<string, IDataObject[]>> {
	return await oncePerExecution(this, 'lookups', `${business ?? ''}|/ledger_accounts|nominal codes`, async () => {
		const response = await apiRequestAllItems.call(this, {
			path: '/ledger_accounts',
			qs: { attributes: 'nominal_code' },
			business,
			...scope,
		});
		const byCode = new Map<string, IDataObject[]>();
		for (const account of response.body as IDataObject[]) {
			if (account.nominal_code === undefined || account.nominal_code === null) continue;
			const code = String(account.nominal_code).trim();
			byCode.set(code, [...(byCode.get(code) ?? []), account]);
		}
		return byCode;
	});
}
