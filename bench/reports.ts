/**
 * The Report resource at the service's pace: Profit and Loss, Balance Sheet, Aged Debtors and Aged
 * Creditors (the aged reports with and without payments on account) of the business with
 * `scale` sales invoices, each sandbox answer taking `latencyMs`, the node at its defaults. Per run:
 * the requests by list from the sandbox's log, checked against the count the report's reads imply,
 * worked out from the sandbox's own lists (each list's `$total` with the report's filters, read
 * directly: ⌈records ÷ 200⌉ pages, at least one); wall time and peak RSS growth in a fresh process
 * (bench/memory-worker.ts). Next to each report, in the same run, the reads a workflow without the
 * Report resource makes for the same figures: the node's Get Many with Return All of every record
 * the figures are summed from (checked the same way), and for Profit and Loss and the Balance
 * Sheet also the node's Trial Balance. No goal: the counts are checked, the times are one run's.
 */

import { loadavg } from 'node:os';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { MiB, measuredAlone, peakRssGrowth, timed } from './measure';
import { apiRequestLog, clearLog, startSandboxProcess, type ApiLogEntry, type SandboxProcess } from './sandbox-process';
import { changeFeedOf, onlyDeletionsMove } from '../nodes/AccountingService/transport/changeCheck';
import { lastPage } from '../nodes/AccountingService/transport/pages';
import { MAX_PAGE_SIZE } from '../nodes/AccountingService/transport/types';

type Worker = (sandbox: SandboxProcess, scenario: Record<string, unknown>) => Promise<Record<string, number | string>>;

/**
 * A read the service answers: a list (⌈records ÷ 200⌉ pages, an empty one still one request) or a
 * settings object or report (one request). `query` holds the filters that choose the records, as the
 * reader sends them; the list's `$total` is read with the same filters.
 */
export interface ExpectedRead {
	collection: string;
	query?: Record<string, string>;
	single?: boolean;
	/** Reads of the same list in one run (Key Figures reads the ledger accounts once per window of days). */
	times?: number;
	/** Only its first page, however many records (a look at a whole list that may be small). */
	firstPageOnly?: boolean;
	/** Lists read together, sharing one change check after them all (transport/read.ts): the same name. */
	checkedWith?: string;
	/** Read only when this other read's list holds more than `records` (one page cannot hold it all). */
	onlyIfOver?: { read: ExpectedRead; records: number };
}

/** The filters that split one collection into several lists of a run (the aged reports' per-status reads). */
const SPLITTING_FILTERS = ['status_id', 'transaction_type_id', 'contact_type_id'];

/** The filters of the requests asking what changed in a collection while its lists were read (transport/changeCheck.ts). */
const CHANGE_FEEDS = ['updated_or_created_since', 'deleted_since'];

/**
 * `sales_invoices UNPAID`: which list a request belongs to; an item path (`/sales_invoices/{id}`)
 * keeps its id; `sales_invoices changes`: the change checks of the collection (one record of a
 * change feed), whatever lists they check; `sales_invoices since`: a read of what changed since a
 * time (a trigger's poll).
 */
export const listKey = (collection: string, query: URLSearchParams | Record<string, string> = {}) => {
	const get = (name: string) => (query instanceof URLSearchParams ? query.get(name) : query[name]);
	if (CHANGE_FEEDS.some((feed) => get(feed)))
		return `${collection} ${get('items_per_page') === '1' ? 'changes' : 'since'}`;
	return [collection, ...SPLITTING_FILTERS.map(get).filter(Boolean)].join(' ');
};

export interface ListCount {
	list: string;
	/** Reads of the list in the run (of several days, or the same read again): their counts summed. */
	reads?: number;
	/** Records of the list as the reads filter it (Σ `$total`); undefined for a single read. */
	records?: number;
	/** Records the reads list: `records`, or of a first page alone at most a page of them. */
	listed?: number;
	expected: number;
	measured: number;
}

export interface ReportRun {
	report: string;
	/** `with payments on account`, for the aged reports. */
	variant: string;
	/** What ran: the report, or the reads of a workflow without it. */
	how: string;
	baseline: boolean;
	ms: number;
	growthBytes: number;
	/** Output items of the node (of all its reads for a baseline). */
	items: number;
	requests: number;
	expectedRequests: number;
	/** Records in the lists read, Σ `$total`. */
	recordsListed: number;
	/** Requests for one record (a path with an id after the collection): none, or the bench fails. */
	recordRequests: number;
	lists: ListCount[];
	/** The report's own run this one is compared with (itself for a report). */
	reportMs: number;
	reportRequests: number;
}

export interface Reports {
	scale: number;
	latencyMs: number;
	period: { from: string; to: string };
	asAt: string;
	runs: ReportRun[];
	/** The machine's load averages (1, 5 and 15 minutes) as the runs began and as they ended: the times are that busy. */
	load: { start: number[]; end: number[] };
}

export interface Way {
	how: string;
	reads: INodeParameters[];
	expected: ExpectedRead[];
}

export interface ReportCase {
	report: string;
	variant: string;
	withReport: Way;
	baselines: Way[];
}

/** A kind of document an aged report sums, by the side of the ledger. */
const DOCUMENTS = {
	debtors: [
		{ collection: 'sales_invoices', resource: 'salesInvoice' },
		{ collection: 'sales_corrective_invoices', resource: 'salesCorrectiveInvoice' },
		{ collection: 'sales_credit_notes', resource: 'salesCreditNote' },
		{ collection: 'sales_quick_entries', resource: 'salesQuickEntry' },
	],
	creditors: [
		{ collection: 'purchase_invoices', resource: 'purchaseInvoice' },
		{ collection: 'purchase_corrective_invoices', resource: 'purchaseCorrectiveInvoice' },
		{ collection: 'purchase_credit_notes', resource: 'purchaseCreditNote' },
		{ collection: 'purchase_quick_entries', resource: 'purchaseQuickEntry' },
	],
};
const PAYMENT_TYPE = { debtors: 'CUSTOMER_RECEIPT', creditors: 'VENDOR_PAYMENT' };
/** A document with money still open on the day: void and draft ones owe nothing, paid ones nothing more. */
const OPEN_STATUSES = ['UNPAID', 'PART_PAID', 'DISPUTED'];

export const SETTINGS: ExpectedRead = { collection: 'financial_settings', single: true };
const getMany = (resource: string, filters: Record<string, string> = {}): INodeParameters => ({
	resource,
	operation: 'getAll',
	returnAll: true,
	filters,
});
/** The ledger accounts' types: what sorts a trial balance's or the entries' accounts into the report's sections. */
const LEDGER_ACCOUNTS: Pick<Way, 'reads' | 'expected'> = {
	reads: [getMany('ledgerAccount')],
	expected: [{ collection: 'ledger_accounts' }],
};

function ledgerCases(period: { from: string; to: string }, asAt: string, accountsStart: string): ReportCase[] {
	const ledgerReport = (report: string, from: string, to: string, parameters: INodeParameters): ReportCase => ({
		report,
		variant: '',
		withReport: {
			how: 'The report',
			reads: [{ resource: 'report', ...parameters }],
			expected: [
				SETTINGS,
				{ collection: 'ledger_accounts', query: { show_balance_details: 'true', from_date: from, to_date: to } },
			],
		},
		baselines: [
			{
				how: 'Get Many, Return All: the ledger entries of the days, then the ledger accounts',
				reads: [getMany('ledgerEntry', { fromDate: from, toDate: to }), ...LEDGER_ACCOUNTS.reads],
				expected: [
					{ collection: 'ledger_entries', query: { from_date: from, to_date: to } },
					...LEDGER_ACCOUNTS.expected,
				],
			},
			{
				how: 'Trial Balance of the days, then Get Many of the ledger accounts',
				reads: [{ resource: 'trialBalance', operation: 'get', fromDate: from, toDate: to }, ...LEDGER_ACCOUNTS.reads],
				expected: [{ collection: 'trial_balance', single: true }, ...LEDGER_ACCOUNTS.expected],
			},
		],
	});
	return [
		ledgerReport(`Profit and Loss, ${period.from} to ${period.to}`, period.from, period.to, {
			operation: 'profitAndLoss',
			period: 'custom',
			fromDate: period.from,
			toDate: period.to,
		}),
		// Everything since the books' start, as the node reads it.
		ledgerReport(`Balance Sheet as at ${asAt}`, accountsStart, asAt, {
			operation: 'balanceSheet',
			reportDate: 'custom',
			asAt,
		}),
	];
}

const SETTLING_PAYMENT_TYPES = {
	debtors: ['CUSTOMER_RECEIPT', 'CUSTOMER_REFUND'],
	creditors: ['VENDOR_PAYMENT', 'VENDOR_REFUND'],
};
const CONTACT_TYPE = { debtors: 'CUSTOMER', creditors: 'VENDOR' };
const ALLOCATION_TYPE = { debtors: 'CUSTOMER_ALLOCATION', creditors: 'VENDOR_ALLOCATION' };

/**
 * What an aged report reads besides its documents: the control account's balance (every ledger
 * account, with its balance details from long before the books start), the contacts' opening
 * balances, every allocation of the side, and the receipts and refunds that settle those balances (every one
 * as at today, so that one dated ahead is seen; up to the day otherwise).
 */
function agedSettlementReads(side: 'debtors' | 'creditors', asAt: string, today: boolean): ExpectedRead[] {
	return [
		{
			collection: 'ledger_accounts',
			query: { show_balance_details: 'true', from_date: '1900-01-01', to_date: asAt },
		},
		{ collection: 'contact_opening_balances', query: { contact_type_id: CONTACT_TYPE[side] } },
		{ collection: 'contact_allocations', query: { transaction_type_id: ALLOCATION_TYPE[side] } },
		...SETTLING_PAYMENT_TYPES[side].map((type) => ({
			collection: 'contact_payments',
			query: { transaction_type_id: type, ...(today ? {} : { to_date: asAt }) },
		})),
	];
}

/** The contacts of the side, with their e-mail and credit terms: Output Rows' credit limits, Output Documents' columns. */
const contactsRead = (side: 'debtors' | 'creditors'): ExpectedRead => ({
	collection: 'contacts',
	query: { contact_type_id: CONTACT_TYPE[side] },
});

/** Which aged report: its side, its day (today, or the past month end), and its Output. */
export interface AgedVariant {
	side: 'debtors' | 'creditors';
	today: boolean;
	includePaymentsOnAccount: boolean;
	/** Output Documents (one row per open item), not Rows. */
	asDocuments: boolean;
}

/**
 * The aged reports, Output Rows, as at today (the workflow's day, after the sandbox's history: the
 * open documents by status) and as at a past month end (every document dated up to it with its
 * payments and allocations), with payments on account; and as at the month end without them.
 */
function agedCases(asAt: string): ReportCase[] {
	const variants: AgedVariant[] = [
		{ side: 'debtors', today: true, includePaymentsOnAccount: true, asDocuments: false },
		{ side: 'debtors', today: false, includePaymentsOnAccount: true, asDocuments: false },
		{ side: 'debtors', today: false, includePaymentsOnAccount: false, asDocuments: false },
		{ side: 'creditors', today: true, includePaymentsOnAccount: true, asDocuments: false },
		{ side: 'creditors', today: false, includePaymentsOnAccount: true, asDocuments: false },
		{ side: 'creditors', today: false, includePaymentsOnAccount: false, asDocuments: false },
	];
	return variants.map((variant) => agedCase(variant, asAt));
}

/**
 * One aged report as at today or as at `asAt` (a past month end), with the Get Many reads of a
 * workflow without it as at the month end; Output Documents reads the same lists but the control
 * account's (it shows none), and is measured alone.
 */
export function agedCase(
	{ side, today, includePaymentsOnAccount, asDocuments }: AgedVariant,
	asAt: string,
): ReportCase {
	const payments: ExpectedRead = {
		collection: 'contact_payments',
		query: { transaction_type_id: PAYMENT_TYPE[side] },
	};
	const documents: ExpectedRead[] = today
		? DOCUMENTS[side].flatMap(({ collection }) => {
				// One page of the kind, the latest first: the kind whole when it fits, else one list per
				// open status, read together (one change check). Nothing in the sandbox is dated after its
				// history: the documents dated after today (what a payment or allocation may name) are
				// all on that page, so they are never a list of their own.
				const latest: ExpectedRead = { collection, firstPageOnly: true };
				return [
					latest,
					...OPEN_STATUSES.map((status) => ({
						collection,
						query: { status_id: status },
						checkedWith: collection,
						onlyIfOver: { read: latest, records: 200 },
					})),
				];
			})
		: DOCUMENTS[side].map(({ collection }) => ({
				collection,
				query: { show_payments_allocations: 'true', to_date: asAt },
			}));
	const settlements = agedSettlementReads(side, asAt, today).filter(
		(read) => !asDocuments || read.collection !== 'ledger_accounts',
	);
	return {
		report: `Aged ${side === 'debtors' ? 'Debtors' : 'Creditors'}${asDocuments ? ', Output Documents,' : ''} as at ${today ? 'today' : asAt}`,
		variant: includePaymentsOnAccount ? 'with payments on account' : 'without payments on account',
		withReport: {
			how: 'The report',
			reads: [
				{
					resource: 'report',
					operation: side === 'debtors' ? 'agedDebtors' : 'agedCreditors',
					...(today ? { reportDate: 'today' } : { reportDate: 'custom', asAt }),
					includePaymentsOnAccount,
					...(asDocuments ? { output: 'documents' } : {}),
				},
			],
			// The receipts are read with or without payments on account: the opening balances need them.
			expected: [SETTINGS, ...documents, ...settlements, contactsRead(side)],
		},
		baselines:
			today || asDocuments
				? []
				: [
						{
							how:
								`Get Many, Return All: every ${side === 'debtors' ? 'sales' : 'purchase'} invoice, corrective invoice, ` +
								`credit note and quick entry` +
								(includePaymentsOnAccount
									? `, then every ${side === 'debtors' ? 'customer receipt' : 'payment to a supplier'}`
									: ''),
							reads: [
								...DOCUMENTS[side].map(({ resource }) => getMany(resource)),
								...(includePaymentsOnAccount
									? [getMany('contactPayment', { transactionTypeId: PAYMENT_TYPE[side] })]
									: []),
							],
							expected: [
								...DOCUMENTS[side].map(({ collection }) => ({ collection })),
								...(includePaymentsOnAccount ? [payments] : []),
							],
						},
					],
	};
}

/** What an aged read of a past day lists of one side: every document dated up to it, with its settlements. */
export const agedListsAsAt = (side: 'debtors' | 'creditors', asAt: string): ExpectedRead[] => [
	...DOCUMENTS[side].map(({ collection }) => ({
		collection,
		query: { show_payments_allocations: 'true', to_date: asAt },
	})),
	{ collection: 'contact_opening_balances', query: { contact_type_id: CONTACT_TYPE[side] } },
	{ collection: 'contact_allocations', query: { transaction_type_id: ALLOCATION_TYPE[side] } },
	...SETTLING_PAYMENT_TYPES[side].map((type) => ({
		collection: 'contact_payments',
		query: { transaction_type_id: type, to_date: asAt },
	})),
];

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;

/** One API request straight to the sandbox with the credential's token, outside the node (and its budget). */
async function direct(sandbox: SandboxProcess, connected: Connected, path: string): Promise<Record<string, unknown>> {
	const token = connected.store.oauthTokenData(connected.credential.id).access_token as string;
	const response = await fetch(`${sandbox.urls.baseUrl}${path}`, {
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
	});
	if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
	return (await response.json()) as Record<string, unknown>;
}

/** The records of each list a way reads (its `$total` with the read's filters, from the sandbox), by read. */
export async function recordsOf(
	sandbox: SandboxProcess,
	connected: Connected,
	expected: ExpectedRead[],
): Promise<Map<ExpectedRead, number | undefined>> {
	const totals = await Promise.all(
		expected.map(async ({ collection, query, single }) => {
			if (single) return undefined;
			const search = new URLSearchParams({ ...query, items_per_page: '1' });
			return Number((await direct(sandbox, connected, `/${collection}?${search}`)).$total);
		}),
	);
	return new Map(expected.map((read, index) => [read, totals[index]]));
}

/** A read's pages: one for an object or a first page alone, else ⌈records ÷ 200⌉, at least one. */
const pagesOf = (read: ExpectedRead, records: number | undefined) =>
	records === undefined || read.firstPageOnly ? 1 : lastPage(records, undefined);

/**
 * The requests a way's reads imply while nothing changes, by list: each list's pages (the reads of
 * one list, of several days or the same again, summed on its line), and after the lists of several
 * pages, and after lists read together whatever their pages, the change checks (transport/read.ts,
 * changeCheck.ts) on a line of their own per collection: one check for the lists read together
 * (`checkedWith`), one for each other read; two
 * requests a check (what was created or edited, what was deleted), or where the collection lists
 * no deletions one and the list itself again, one record. A read whose `onlyIfOver` is not met is
 * not made.
 */
export function expectedCounts(
	expected: ExpectedRead[],
	records: Map<ExpectedRead, number | undefined>,
): Array<Omit<ListCount, 'measured'>> {
	const made = expected.filter(
		({ onlyIfOver }) => !onlyIfOver || (records.get(onlyIfOver.read) ?? 0) > onlyIfOver.records,
	);
	const byList = new Map<string, Omit<ListCount, 'measured'>>();
	const checks = new Map<string, Map<string, number>>();
	made.forEach((read, index) => {
		const list = listKey(read.collection, read.query);
		const times = read.times ?? 1;
		const total = records.get(read);
		const pages = pagesOf(read, total);
		let requests = pages * times;
		// Lists read together are checked together whatever their pages (a record may move between them).
		const together =
			read.checkedWith !== undefined && made.filter((other) => other.checkedWith === read.checkedWith).length > 1;
		if (!read.single && !read.firstPageOnly && (pages >= 2 || together)) {
			const feed = changeFeedOf(`/${read.collection}`);
			if (!feed) throw new Error(`${list}: a list of several pages with no change feed is read twice`);
			if (!feed.deleted) requests += times;
			const units = checks.get(read.collection) ?? new Map<string, number>();
			// Deletions, and creations and edits unless only a deletion moves the list (transport/read.ts).
			const perCheck = !feed.deleted ? 1 : !read.checkedWith && onlyDeletionsMove(feed, read.query) ? 1 : 2;
			for (let time = 1; time <= times; time++) units.set(`${read.checkedWith ?? `read ${index}`} #${time}`, perCheck);
			checks.set(read.collection, units);
		}
		const listed =
			total === undefined ? undefined : (read.firstPageOnly ? Math.min(total, MAX_PAGE_SIZE) : total) * times;
		const before = byList.get(list);
		const sum = (a: number | undefined, b: number | undefined) => (a === undefined ? b : a + (b ?? 0));
		byList.set(list, {
			list,
			reads: (before?.reads ?? 0) + times,
			records: sum(before?.records, total === undefined ? undefined : total * times),
			listed: sum(before?.listed, listed),
			expected: (before?.expected ?? 0) + requests,
		});
	});
	const counts = [...byList.values()];
	for (const [collection, units] of checks) {
		const expected = [...units.values()].reduce((sum, requests) => sum + requests, 0);
		counts.push({ list: `${collection} changes`, expected });
	}
	return counts;
}

/**
 * The requests of a run by list; fails on a request that was not answered 200 (every run starts
 * with the business's budget empty and the sandbox sets no rate limit, so none should be).
 */
export function requestsByList(sandbox: SandboxProcess, entries: ApiLogEntry[]): Map<string, number> {
	const basePath = new URL(sandbox.urls.baseUrl).pathname;
	const counts = new Map<string, number>();
	for (const entry of entries) {
		if (entry.status !== 200) throw new Error(`${entry.path} answered ${String(entry.status)}`);
		const url = new URL(entry.path.slice(basePath.length), 'http://sandbox');
		const key = listKey(url.pathname.slice(1), url.searchParams);
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	return counts;
}

/**
 * The node's reads one after another, as the nodes of a workflow run, timed with their peak RSS
 * growth (bench/memory-worker.ts runs this in a fresh process). `warmUp` first, on another
 * business: its requests count in that business's budget, so the measured one starts with its
 * window as it was, and the sandbox's log is cleared after it.
 */
export async function measureReads(
	sandbox: SandboxProcess,
	reads: INodeParameters[],
	warmUp: INodeParameters[],
): Promise<{ items: number; ms: number; growthBytes: number }> {
	const { store, credential } = await connectToSandbox(sandbox);
	const run = async (parameters: INodeParameters) => {
		const result = await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters)] });
		if (result.error) throw result.error;
		return result.items('Accounting Service');
	};
	for (const parameters of warmUp) await run(parameters);
	await clearLog(sandbox);
	const { growthBytes, result } = await peakRssGrowth(
		async () =>
			await timed(async () => {
				// Every read's output kept until the end, as an execution holds each node's items.
				const outputs: INodeExecutionData[][] = [];
				for (const parameters of reads) outputs.push(await run(parameters));
				return outputs.reduce((sum, items) => sum + items.length, 0);
			}),
	);
	return { items: result.result, ms: result.ms, growthBytes };
}

/**
 * The measured requests by list (`requestsByList`) beside the expected ones; fails unless every
 * list got exactly its expected requests and nothing else was asked for.
 */
export function checkedLists(
	how: string,
	expected: Array<Omit<ListCount, 'measured'>>,
	counts: Map<string, number>,
): ListCount[] {
	const lists: ListCount[] = expected.map((count) => ({ ...count, measured: counts.get(count.list) ?? 0 }));
	const unexpected = [...counts].filter(([list]) => !lists.some((count) => count.list === list));
	const wrong = lists.filter((count) => count.measured !== count.expected);
	if (unexpected.length || wrong.length) {
		throw new Error(
			`${how}: ${[
				...wrong.map((count) => `${count.list} ${count.measured} requests, not ${count.expected}`),
				...unexpected.map(([list, count]) => `${count} requests for ${list}, which it should not read`),
			].join('; ')}`,
		);
	}
	return lists;
}

/**
 * The way's reads, checked against its expected requests: in a fresh process (a business whose
 * budget window is empty, a peak RSS of its own), or in this one for the smoke run.
 */
async function measureWay(
	sandbox: SandboxProcess,
	worker: Worker | undefined,
	way: Way,
	records: Map<ExpectedRead, number | undefined>,
	otherBusiness: string,
) {
	const warmUp = way.reads.map((parameters) => ({
		...parameters,
		business: { __rl: true, mode: 'id', value: otherBusiness },
	}));
	const measured = worker
		? await worker(sandbox, { kind: 'reads', reads: way.reads, warmUp })
		: await measureReads(sandbox, way.reads, warmUp);
	const counts = requestsByList(sandbox, await apiRequestLog(sandbox));
	// A path with a segment after the collection's is one record's (`/sales_invoices/{id}`).
	const recordRequests = [...counts]
		.filter(([list]) => list.split(' ')[0].includes('/'))
		.reduce((sum, [, count]) => sum + count, 0);
	if (recordRequests) throw new Error(`${way.how}: ${recordRequests} requests for one record each`);
	const lists = checkedLists(way.how, expectedCounts(way.expected, records), counts);
	return {
		ms: Number(measured.ms),
		growthBytes: Number(measured.growthBytes),
		items: Number(measured.items),
		lists,
		requests: lists.reduce((sum, count) => sum + count.measured, 0),
		expectedRequests: lists.reduce((sum, count) => sum + count.expected, 0),
		recordsListed: lists.reduce((sum, count) => sum + (count.listed ?? 0), 0),
		recordRequests,
	};
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const loadText = (load: number[]) => load.map((value) => value.toFixed(1)).join(', ');
export const thousands = (value: number) => value.toLocaleString('en');

/** The days of the books the cases are set on: the last financial year, its last day, the books' start. */
export interface BookDays {
	period: { from: string; to: string };
	asAt: string;
	accountsStart: string;
}

/**
 * Profit and Loss, the Balance Sheet and the aged reports (Output Rows), each beside the reads
 * without the Report resource. `worker` runs each measurement in a fresh process; without it (the
 * smoke run) they run in this one: loading n8n-core in a process takes about 2 s, 14 times over,
 * while the smoke's few requests all fit in one budget window.
 */
export async function measureReports(
	sizes: { scale: number; latencyMs: number },
	worker: Worker | undefined,
	log: (line: string) => void,
): Promise<Reports> {
	return await measureReportCases(
		sizes,
		(days) => [...ledgerCases(days.period, days.asAt, days.accountsStart), ...agedCases(days.asAt)],
		worker,
		log,
	);
}

/**
 * The cases `casesOf` sets on the books' days, each way of each case against a sandbox of
 * `sizes.scale` sales invoices answering in `sizes.latencyMs`, its requests checked by list.
 */
export async function measureReportCases(
	sizes: { scale: number; latencyMs: number },
	casesOf: (days: BookDays) => ReportCase[],
	worker: Worker | undefined,
	log: (line: string) => void,
): Promise<Reports> {
	const loadAtStart = loadavg();
	const sandbox = await startSandboxProcess({ scale: sizes.scale, latencyMs: sizes.latencyMs });
	try {
		const connected = await connectToSandbox(sandbox);
		const settings = await direct(sandbox, connected, '/financial_settings');
		// The last financial year of the books: the seeded history ends on its year end.
		const asAt = String(settings.year_end_date);
		const yearEnd = new Date(`${asAt}T00:00:00Z`);
		const period = {
			from: new Date(Date.UTC(yearEnd.getUTCFullYear() - 1, yearEnd.getUTCMonth(), yearEnd.getUTCDate() + 1))
				.toISOString()
				.slice(0, 10),
			to: asAt,
		};
		const businesses = (await direct(sandbox, connected, '/businesses')).$items as Array<{ id: string }>;
		const otherBusiness = businesses.find((business) => business.id !== sandbox.leadBusinessId)!.id;

		const cases = casesOf({ period, asAt, accountsStart: String(settings.accounts_start_date) });
		// Every list's records before any run: the reads change nothing, and this process's access
		// token (it lives 300 s) would not outlast the runs.
		const recordsByWay = new Map<Way, Map<ExpectedRead, number | undefined>>();
		for (const way of cases.flatMap((entry) => [entry.withReport, ...entry.baselines]))
			recordsByWay.set(way, await recordsOf(sandbox, connected, way.expected));

		const runs: ReportRun[] = [];
		for (const { report, variant, withReport, baselines } of cases) {
			let reportRun: ReportRun | undefined;
			for (const way of [withReport, ...baselines]) {
				const records = recordsByWay.get(way)!;
				const measured = await measureWay(sandbox, worker, way, records, otherBusiness);
				const run: ReportRun = {
					report,
					variant,
					how: way.how,
					baseline: way !== withReport,
					...measured,
					reportMs: reportRun?.ms ?? measured.ms,
					reportRequests: reportRun?.requests ?? measured.requests,
				};
				reportRun ??= run;
				runs.push(run);
				log(
					`  ${report}${variant ? `, ${variant}` : ''}: ${way.how}: ${run.requests} requests (expected ${run.expectedRequests}) ` +
						`for ${thousands(run.recordsListed)} records listed, ${run.recordRequests} for one record; ` +
						`${seconds(run.ms)}, ${(run.growthBytes / MiB).toFixed(1)} MiB peak RSS growth, ${thousands(run.items)} items` +
						(run.baseline
							? ` (${(run.requests / run.reportRequests).toFixed(1)}× the report's requests, ${(run.ms / run.reportMs).toFixed(1)}× its time)`
							: ''),
				);
			}
		}
		const load = { start: loadAtStart, end: loadavg() };
		return { scale: sizes.scale, latencyMs: sizes.latencyMs, period, asAt, runs, load };
	} finally {
		await sandbox.stop();
	}
}

/**
 * Each run's requests by list, expected and measured; a column of reads where a list was read more
 * than once in a run (of several days, or the same list again), its records and requests summed.
 */
export function listsMarkdown(runs: ReportRun[]): string {
	const withReads = runs.some((run) => run.lists.some((list) => (list.reads ?? 1) > 1));
	const records = (list: ListCount) =>
		list.list.endsWith(' changes')
			? '(what changed)'
			: list.records === undefined
				? '(one object)'
				: thousands(list.records);
	return [
		`| Report | List |${withReads ? ' Reads |' : ''} Records | Expected requests | Requests |`,
		`|---|---|${withReads ? '---|' : ''}---|---|---|`,
		...runs.flatMap((run) =>
			run.lists.map(
				(list, index) =>
					`| ${index === 0 ? `${run.report}${run.variant ? `, ${run.variant}` : ''}` : ''} | ${list.list} | ` +
					`${withReads ? `${list.reads ?? ''} | ` : ''}${records(list)} | ${list.expected} | ${list.measured} |`,
			),
		),
	].join('\n');
}

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only reports`). */
export function reportsMarkdown(measured: Reports, standalone = false): string {
	const table = [
		'| Report | Reads | Requests (sandbox log) | Expected | Records listed | Records per request | Requests for one record | Time | × the report’s requests | × the report’s time | Peak RSS growth | Output items |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
		...measured.runs.map(
			(run) =>
				`| ${run.baseline ? '' : `${run.report}${run.variant ? `, ${run.variant}` : ''}`} | ${run.how} | ` +
				`${run.requests} | ${run.expectedRequests} | ${thousands(run.recordsListed)} | ` +
				`${(run.recordsListed / run.requests).toFixed(0)} | ${run.recordRequests} | ${seconds(run.ms)} | ` +
				`${(run.requests / run.reportRequests).toFixed(1)}× | ${(run.ms / run.reportMs).toFixed(1)}× | ` +
				`${(run.growthBytes / MiB).toFixed(1)} MiB | ${thousands(run.items)} |`,
		),
	].join('\n');
	// Without payments on account an aged report reads the same lists (checked the same way).
	const listsTable = listsMarkdown(measured.runs.filter((run) => !run.baseline && !run.variant.startsWith('without')));
	const when = standalone ? measuredAlone('reports') : '';
	return (
		`## Reports at the service's pace (${thousands(measured.scale)} sales invoices, ${measured.latencyMs} ms per answer)\n\n` +
		`Each report of the lead business through n8n-core's \`WorkflowExecute\` with the node's defaults (3 lists or ` +
		`pages at once, 200 requests a minute per business), Output Rows: Profit and Loss of the last financial year ` +
		`(${measured.period.from} to ${measured.period.to}), Balance Sheet as at its last day (${measured.asAt}), Aged ` +
		`Debtors and Aged Creditors as at today (the day the bench runs, after the sandbox's history) and as at that ` +
		`past month end, with payments on account, and as at the month end without them (Output Documents: in the ` +
		`section on credit control below). Below each report, in the ` +
		`same run, the reads a workflow without the Report resource makes for the same figures (n8n runs them one ` +
		`after another; the summing in a Code node is not counted): the node's Get Many, Return All, default Output, ` +
		`of every record the figures are summed from, and for Profit and Loss and the Balance Sheet the node's Trial ` +
		`Balance. Each run in a fresh process (\`bench/memory-worker.ts\`): a business whose request budget is ` +
		`empty, as after a minute of quiet, and a peak RSS of its own; the same reads of another business ` +
		`warmed the node up first. **Expected**: 1 request for an object (the financial settings, the trial ` +
		`balance) and ⌈records ÷ 200⌉ for a list, at least 1 (an empty list is one request), the records being the ` +
		`list's \`$total\` with the read's filters, read from the sandbox directly (a look at a list's first page alone: ` +
		`1); after the lists of several pages, the change checks (\`transport/read.ts\`) on a line of their own per ` +
		`collection (\`… changes\`): 2 requests after each such list, or once after the lists read together (as at ` +
		`today the sales invoices by open status); the bench fails unless every list got exactly its expected ` +
		`requests, every request answered 200 and none asked for one record. Times from one run.${when} ` +
		`Load average (1, 5, 15 min) as the runs began: ${loadText(measured.load.start)}; as they ended: ` +
		`${loadText(measured.load.end)} (2 cores, shared with other work).\n\n${table}\n\n` +
		`### The reports' requests by list\n\n` +
		`Profit and Loss and the Balance Sheet: the financial settings, then the ledger accounts with their balance ` +
		`details for the days (the dates never narrow that list). The aged reports: the financial settings; as at ` +
		`today one page of each document kind, the latest first (the kind whole when it fits, and the documents ` +
		`dated after today that a payment or allocation may name), and of a kind larger than a page each open ` +
		`status, the three read together; as at a past day each document kind dated up to it with its ` +
		`payments and allocations (\`show_payments_allocations\`); then the ledger accounts with their balance ` +
		`details (the control account's balance), the contacts' opening balances, every allocation, and the receipts ` +
		`and refunds (every one as at today, so that one dated ahead is seen; up to the day otherwise): they settle ` +
		`the opening balances, and with payments on account say which are partly on account; and the contacts of the ` +
		`side (their credit limits, e-mail and credit days). Without payments on account the same lists, as the ` +
		`opening balances need the receipts.\n\n${listsTable}\n`
	);
}
