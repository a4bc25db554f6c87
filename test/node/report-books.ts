import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { request } from 'undici';

import type { ConnectedSandbox } from './connected-sandbox';

/**
 * The books read straight from the service (not through the node) and summed here, with exact
 * integer cents parsed here too: what the report tests compare the node's figures with.
 */

export type Business = { id: string; key: string; name: string; currency: string };
export const businessesOf = (env: ConnectedSandbox) => env.sandbox.dataset.businesses as Business[];
export const headersFor = (business: Business): Record<string, string> =>
	business.key === 'lead' ? {} : { 'X-Business': business.id };
export const businessParameter = (business: Business): INodeParameters =>
	business.key === 'lead' ? {} : { business: { __rl: true, mode: 'id', value: business.id } };

/** An amount, number or decimal string, as whole cents; anything else fails the test. */
export function cents(amount: unknown): number {
	const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
	const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text) : null;
	if (!match) throw new Error(`not an amount of whole cents: ${JSON.stringify(amount)}`);
	const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
	return match[1] ? -value : value;
}

/** Every record of a list, walked page by page as the service links them. */
export async function allRecords(env: ConnectedSandbox, path: string, headers: Record<string, string>) {
	const records: IDataObject[] = [];
	let next: string | null = `${path}${path.includes('?') ? '&' : '?'}items_per_page=200`;
	while (next) {
		const page = await env.fetchDirect(next, headers);
		if (page.status !== 200) throw new Error(`${next}: ${page.status} ${JSON.stringify(page.body)}`);
		records.push(...(page.body.$items as IDataObject[]));
		next = page.body.$next as string | null;
	}
	return records;
}

export interface Entry {
	account: string;
	date: string;
	debit: number;
	credit: number;
}

/** Every live ledger entry of the business and every ledger account's type. */
export async function readLedger(env: ConnectedSandbox, business: Business) {
	const headers = headersFor(business);
	const entries: Entry[] = (
		await allRecords(env, '/ledger_entries?attributes=date,debit,credit,ledger_account,deleted', headers)
	)
		.filter((entry) => entry.deleted !== true)
		.map((entry) => ({
			account: (entry.ledger_account as IDataObject).id as string,
			date: entry.date as string,
			debit: cents(entry.debit),
			credit: cents(entry.credit),
		}));
	const accounts = await allRecords(env, '/ledger_accounts?attributes=ledger_account_type', headers);
	const typeOf = new Map(
		accounts.map((account) => [account.id as string, (account.ledger_account_type as IDataObject).id as string]),
	);
	const settings = (await env.fetchDirect('/financial_settings', headers)).body;
	return { entries, typeOf, accountsStart: settings.accounts_start_date as string };
}

export type Ledger = Awaited<ReturnType<typeof readLedger>>;

/** Σ (credit − debit) of the entries from `from` to `to` on accounts of these types, in cents. */
export function creditMinusDebit(ledger: Ledger, types: readonly string[], from: string, to: string): number {
	let sum = 0;
	for (const entry of ledger.entries) {
		if (entry.date < from || entry.date > to || !types.includes(ledger.typeOf.get(entry.account)!)) continue;
		sum += entry.credit - entry.debit;
	}
	return sum;
}

/** Each account's net movement (debit − credit) over the days, accounts without one left out. */
export function netByAccount(ledger: Ledger, from: string, to: string): Map<string, number> {
	const net = new Map<string, number>();
	for (const entry of ledger.entries) {
		if (entry.date < from || entry.date > to) continue;
		net.set(entry.account, (net.get(entry.account) ?? 0) + entry.debit - entry.credit);
	}
	for (const [account, amount] of net) if (amount === 0) net.delete(account);
	return net;
}

export const INCOME_TYPES = ['SALES', 'OTHER_INCOME'];
export const EXPENSE_TYPES = ['DIRECT_EXPENSES', 'OVERHEADS', 'DEPRECIATION'];
export const INCOME_AND_EXPENSES = [...INCOME_TYPES, ...EXPENSE_TYPES];
export const ASSET_TYPES = ['FIXED_ASSETS', 'FUTURE_ASSETS', 'CURRENT_ASSETS', 'BANK'];

/** Net profit of the days, in cents, from the ledger entries. */
export const netProfitOf = (ledger: Ledger, from: string, to: string) =>
	creditMinusDebit(ledger, INCOME_AND_EXPENSES, from, to);
/** Total assets as at a day: every entry up to it (no lower bound), in cents. */
export const assetsAt = (ledger: Ledger, day: string) => 0 - creditMinusDebit(ledger, ASSET_TYPES, '', day);

/** Sums the amounts of rows, in cents. */
export const sumOf = (rows: IDataObject[], column = 'amount') => rows.reduce((sum, row) => sum + cents(row[column]), 0);

/** A write straight to the service with the stored token, as another app of the business would make it. */
export async function postDirect(
	env: ConnectedSandbox,
	path: string,
	body: IDataObject,
	headers: Record<string, string> = {},
) {
	const token = (env.store.oauthTokenData(env.credential.id) as IDataObject).access_token as string;
	const response = await request(`${env.urls.baseUrl}${path}`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${token}`,
			'content-type': 'application/json',
			accept: 'application/json',
			...headers,
		},
		body: JSON.stringify(body),
	});
	const answer = (await response.body.json()) as IDataObject;
	if (response.statusCode !== 201 && response.statusCode !== 200) {
		throw new Error(`POST ${path}: ${response.statusCode} ${JSON.stringify(answer)}`);
	}
	return answer;
}

export interface OpenDocument {
	contact: string;
	agedFrom: string;
	amount: number;
}

const DOCUMENT_PATHS = {
	debtors: ['sales_invoices', 'sales_corrective_invoices', 'sales_credit_notes', 'sales_quick_entries'],
	creditors: ['purchase_invoices', 'purchase_corrective_invoices', 'purchase_credit_notes', 'purchase_quick_entries'],
};

/**
 * What each artefact had been settled by at the end of `asAt`, in cents of its own currency: the
 * `allocated_artefacts` of every payment and allocation dated on or before the day that name it.
 */
async function settledOn(env: ConnectedSandbox, business: Business, asAt: string): Promise<Map<string, number>> {
	const settled = new Map<string, number>();
	for (const path of ['/contact_payments?attributes=all', '/contact_allocations?attributes=all']) {
		for (const record of await allRecords(env, path, headersFor(business))) {
			if ((record.date as string) > asAt) continue;
			for (const line of record.allocated_artefacts as IDataObject[]) {
				const id = (line.artefact as IDataObject).id as string;
				settled.set(id, (settled.get(id) ?? 0) + Math.abs(cents(line.amount)) + cents(line.discount ?? 0));
			}
		}
	}
	return settled;
}

/** A total less what was settled of it, in the business's currency at the document's own rate. */
function owedInBase(record: IDataObject, settled: Map<string, number>): number {
	const total = cents(record.total_amount);
	const owed = total - (settled.get(record.id as string) ?? 0);
	const base = cents(record.base_currency_total_amount);
	return owed === total ? base : Math.round((owed * base) / total);
}

/**
 * Every document of the side owed at the end of `asAt`, read whole (every status) and chosen here:
 * not void or draft, dated on or before the day, its total less the payments and allocations dated
 * on or before the day; aged from its due date (or its date), credit notes from their date, negative.
 */
export async function openDocuments(
	env: ConnectedSandbox,
	business: Business,
	side: 'debtors' | 'creditors',
	asAt: string,
	ageBy: 'dueDate' | 'documentDate' = 'dueDate',
): Promise<OpenDocument[]> {
	const settled = await settledOn(env, business, asAt);
	const open: OpenDocument[] = [];
	for (const path of DOCUMENT_PATHS[side]) {
		for (const document of await allRecords(env, `/${path}?attributes=all`, headersFor(business))) {
			const status = (document.status as IDataObject).id as string;
			if (status === 'VOID' || status === 'DRAFT' || (document.date as string) > asAt) continue;
			const owed = owedInBase(document, settled);
			if (owed === 0) continue;
			const credit =
				path.endsWith('credit_notes') || (document.quick_entry_type as IDataObject | undefined)?.id === 'CREDIT_NOTE';
			open.push({
				contact: (document.contact as IDataObject).id as string,
				agedFrom:
					credit || ageBy === 'documentDate'
						? (document.date as string)
						: ((document.due_date as string | null) ?? (document.date as string)),
				amount: credit ? -owed : owed,
			});
		}
	}
	return open;
}

/**
 * Every contact opening balance of the side still open at the end of `asAt`, read whole and chosen
 * here: its total less what payments and allocations dated on or before the day settled of it;
 * aged from its own date, credit notes negative.
 */
export async function openOpeningBalances(
	env: ConnectedSandbox,
	business: Business,
	side: 'debtors' | 'creditors',
	asAt: string,
): Promise<OpenDocument[]> {
	const settled = await settledOn(env, business, asAt);
	const type = side === 'debtors' ? 'CUSTOMER' : 'VENDOR';
	const open: OpenDocument[] = [];
	for (const balance of await allRecords(env, '/contact_opening_balances?attributes=all', headersFor(business))) {
		if (!((balance.transaction_type as IDataObject).id as string).startsWith(type)) continue;
		if ((balance.date as string) > asAt) continue;
		const owed = owedInBase(balance, settled);
		if (owed === 0) continue;
		const credit = (balance.contact_opening_balance_type as IDataObject).id === 'CREDIT_NOTE';
		open.push({
			contact: (balance.contact as IDataObject).id as string,
			agedFrom: balance.date as string,
			amount: credit ? -owed : owed,
		});
	}
	return open;
}

/** The ageing column of a day, with the boundaries written out: 0 | 1–30 | 31–60 | 61–90 | 91+. */
export function columnOf(agedFrom: string, asAt: string): string {
	const days = Math.round((Date.parse(`${asAt}T00:00:00Z`) - Date.parse(`${agedFrom}T00:00:00Z`)) / 86_400_000);
	if (days < 1) return 'current';
	if (days < 31) return 'days_1_30';
	if (days < 61) return 'days_31_60';
	if (days < 91) return 'days_61_90';
	return 'days_over_90';
}

/** Every business's ledger, read once before the tests of a file, by business key. */
export function useLedgers(env: ConnectedSandbox): Map<string, Ledger> {
	const ledgers = new Map<string, Ledger>();
	beforeAll(async () => {
		for (const business of businessesOf(env)) ledgers.set(business.key, await readLedger(env, business));
	});
	return ledgers;
}

export const businessByKey = (env: ConnectedSandbox, key: string) =>
	businessesOf(env).find((candidate) => candidate.key === key)!;

/** The sections of a Profit and Loss, in the order the report reads them. */
export const PROFIT_AND_LOSS_SECTIONS = [
	'sales',
	'direct_expenses',
	'gross_profit',
	'other_income',
	'overheads',
	'depreciation',
	'net_profit',
];

/** The sections the rows of a report name, each once, in the order they first come. */
export const sectionsInOrder = (rows: IDataObject[]) =>
	rows.map((row) => row.section).filter((section, i, all) => all.indexOf(section) === i);

/**
 * Moves a business's year end, as its owner would in Sage's financial settings, with the stored
 * token; the settings as the service answers them.
 */
export async function putYearEnd(env: ConnectedSandbox, business: Business, yearEnd: string) {
	const token = (env.store.oauthTokenData(env.credential.id) as IDataObject).access_token as string;
	const response = await request(`${env.urls.baseUrl}/financial_settings`, {
		method: 'PUT',
		headers: {
			authorization: `Bearer ${token}`,
			'content-type': 'application/json',
			accept: 'application/json',
			...headersFor(business),
		},
		body: JSON.stringify({ financial_settings: { year_end_date: yearEnd } }),
	});
	expect(response.statusCode).toBe(200);
	return (await response.body.json()) as IDataObject;
}
