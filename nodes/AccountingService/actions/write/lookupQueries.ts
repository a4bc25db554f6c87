import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { forgetNodeRunReads, oncePerNodeRun } from '../../state';
import { apiRequest, apiRequestAllItems, type ApiRequest, type ApiResponse } from '../../transport';
import type { RetryPolicy } from '../../transport/retry';
import { keyText } from './keyText';

/**
 * What a write reads before it is sent — the records a contact's reference or e-mail, an item code
 * or a nominal code names, a product's line defaults, the tax rates — is read once per node run
 * and what was looked up (the exact value, not the words searched for), and forgotten once the
 * node run writes to that collection. Another node of the execution (a contact created, a
 * reference moved) is seen: its run came before this one's reads. Keys are
 * `<business>|/<collection>|…`.
 */
export const WRITE_READS = ['lookups', 'lineItems', 'taxRates'] as const;

export const readKey = (business: string | undefined, path: string, ...rest: string[]) =>
	[business ?? '', path, ...rest].join('|');

/** Collections whose records a write to another changes: a contact person's e-mail is its contact's. */
const ALSO_CHANGES: Readonly<Record<string, readonly string[]>> = { contact_persons: ['contacts'] };

/**
 * A write (POST, PUT, DELETE) to `/<collection>…`, after which — answered or not — this node
 * run reads that collection afresh.
 */
export async function writeRequest(
	this: IExecuteFunctions,
	collection: string,
	request: ApiRequest,
): Promise<ApiResponse<IDataObject>> {
	try {
		return await apiRequest.call(this, request);
	} finally {
		const changed = new Set([`/${collection}`, ...(ALSO_CHANGES[collection] ?? []).map((path) => `/${path}`)]);
		for (const cache of WRITE_READS) forgetNodeRunReads(this, cache, (key) => changed.has(key.split('|')[1]));
	}
}

/** What one item's requests carry (its index for errors, its retry policy). */
export type LookupScope = { itemIndex: number; retry: RetryPolicy };

/** The records a value names, each with the attribute it was compared on. */
export type Candidates = IDataObject[];

/**
 * What to search for a code or reference, for the lookups and for Create or Update alike. The
 * service matches a term at the start of a word and cannot search special characters. The value's
 * leading run of letters and digits starts a word of the stored value however the service splits
 * words (at spaces only, or also at "-", "." and "@"), so searching it finds the record; the exact
 * compare comes after. Undefined when the value does not start with a letter or digit.
 */
export const searchTermOf = (value: string): string | undefined => /^[\p{L}\p{N}]+/u.exec(value.trim())?.[0];

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
		/** Attributes asked for besides the compared one, for what the caller does next with the record. */
		alsoAsk?: readonly string[];
	},
	business: string | undefined,
	scope: LookupScope,
): Promise<Candidates> {
	const attributes = [lookup.attribute, ...(lookup.alsoAsk ?? [])].join(',');
	const key = readKey(business, lookup.path, lookup.attribute, JSON.stringify(keyText(lookup.value)), attributes);
	const found = await oncePerNodeRun(this, 'lookups', key, async () => {
		const response = await apiRequestAllItems.call(this, {
			path: lookup.path,
			qs: { ...lookup.query, attributes },
			business,
			...scope,
		});
		return response.body as IDataObject[];
	});
	return found.filter((record) => lookup.same(record[lookup.attribute], lookup.value));
}

/**
 * The business's ledger accounts by nominal code as keys are compared (keyText.ts): the service cannot search them, so all of
 * them are read (`attributes=nominal_code`, every page) once per node run and business.
 */
export async function ledgerAccountsByNominalCode(
	this: IExecuteFunctions,
	business: string | undefined,
	scope: LookupScope,
): Promise<Map<string, IDataObject[]>> {
	return await oncePerNodeRun(this, 'lookups', readKey(business, '/ledger_accounts', 'nominal codes'), async () => {
		const response = await apiRequestAllItems.call(this, {
			path: '/ledger_accounts',
			qs: { attributes: 'nominal_code' },
			business,
			...scope,
		});
		const byCode = new Map<string, IDataObject[]>();
		for (const account of response.body as IDataObject[]) {
			if (account.nominal_code === undefined || account.nominal_code === null) continue;
			const code = keyText(account.nominal_code);
			byCode.set(code, [...(byCode.get(code) ?? []), account]);
		}
		return byCode;
	});
}
