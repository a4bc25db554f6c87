// Aged Debtors and Creditors against the sandbox's documents: each contact's buckets equal what its
// documents and opening balances owed on the day, read whole with the payments and allocations and
// aged here; the totals are the rows' exact sums; the bucket boundaries (0/1, 30/31, 60/61, 90/91
// days) and payments on account.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { create, defineBelow } from '../write-helpers';
import {
	allRecords,
	businessesOf,
	businessParameter,
	cents,
	columnOf,
	openDocuments,
	openOpeningBalances,
	postDirect,
	sumOf,
} from '../report-books';

const NODE = 'Accounting Service';
const BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'];
// Small books (the lead with the second business's counts): each case reads a side whole, and every
// contact's buckets are checked against its documents over a whole seeded history whatever its size.
const env = useConnectedSandbox({ scale: 300, smallLead: true });

const aged = (operation: string, asAt: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'report',
	operation,
	reportDate: 'custom',
	asAt,
	...extra,
});

describe('Report → Aged Debtors and Aged Creditors', () => {
	const cases = (['debtors', 'creditors'] as const).flatMap((side) =>
		['lead', 'second', 'invited'].flatMap((key) =>
			['2024-03-31', '2025-06-30'].map((asAt) => [side, key, asAt] as const),
		),
	);

	it.each(cases)(
		'%s of the %s business as at %s: every open document in its contact’s bucket',
		async (side, key, asAt) => {
			const business = businessesOf(env).find((candidate) => candidate.key === key)!;
			const operation = side === 'debtors' ? 'agedDebtors' : 'agedCreditors';
			const position = env.sandbox.log.entries().length;

			const result = await env.runNode(aged(operation, asAt, businessParameter(business)));

			expect(result.error).toBeUndefined();
			const requests = env.apiRequestsSince(position).map((entry) => entry.path);
			// Never one request per record. A past day: the settings, the control account, one list per
			// document kind with its payments and allocations, the opening balances, the receipts and
			// refunds, the allocations, and the contacts (their credit limits); after each list of several
			// pages, two asking what changed.
			const isCheck = (path: string) => /[?&](updated_or_created_since|deleted_since)=/.test(path);
			const lists = requests.filter((path) => !isCheck(path));
			expect(lists.filter((path) => !/[?&]page=/.test(path)).length).toBe(1 + 1 + 4 + 1 + 2 + 1 + 1);
			const pagedLists = new Set(
				lists.filter((path) => /[?&]page=/.test(path)).map((path) => path.replace(/&page=\d+/, '')),
			);
			expect(requests.filter(isCheck)).toHaveLength(2 * pagedLists.size);
			expect(requests.every((path) => !/^\/\w+\/[0-9a-f]{32}/.test(path))).toBe(true);
			// The control account's balance counts what the ledger does: deleted entries left out; and
			// it is asked for among the attributes, which choose what the service exposes.
			const balanceReads = requests.filter((path) => path.includes('show_balance_details=true'));
			expect(balanceReads.length).toBeGreaterThan(0);
			expect(balanceReads.filter((path) => !path.includes('exclude_deleted_entries=true'))).toEqual([]);
			expect(
				balanceReads.filter((path) => !/[?&]attributes=[^&]*balance_details/.test(decodeURIComponent(path))),
			).toEqual([]);

			const expected = new Map<string, Record<string, number>>();
			const balances = await openOpeningBalances(env, business, side, asAt);
			// Customers and suppliers who owed (or were owed) when the books started.
			if (key === 'lead') expect(balances.length).toBeGreaterThan(0);
			const open = [...(await openDocuments(env, business, side, asAt)), ...balances];
			for (const document of open) {
				const buckets = expected.get(document.contact) ?? Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, 0]));
				buckets[columnOf(document.agedFrom, asAt)] += document.amount;
				buckets.total += document.amount;
				expected.set(document.contact, buckets);
			}
			for (const [contact, buckets] of expected) if (BUCKETS.every((b) => buckets[b] === 0)) expected.delete(contact);

			const rows = result.json(NODE);
			const contacts = rows.filter((row) => row.row_type === 'contact');
			const [total] = rows.filter((row) => row.row_type === 'total');
			expect(rows.filter((row) => row.row_type === 'unplaced')).toEqual([]);
			expect(contacts.length).toBe(expected.size);
			if (key === 'lead') expect(contacts.length).toBeGreaterThan(10);
			for (const row of contacts) {
				const buckets = expected.get(row.contact_id as string)!;
				expect(Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, cents(row[b])]))).toEqual(buckets);
				expect(row.as_at).toBe(asAt);
			}
			for (const bucket of [...BUCKETS, 'total']) expect(cents(total[bucket])).toBe(sumOf(contacts, bucket));
			const totals = contacts.map((row) => cents(row.total));
			expect(totals).toEqual([...totals].sort((a, b) => b - a));
		},
	);

	it('bucket boundaries: due 0, 1, 30, 31, 60, 61, 90 and 91 days before the day', async () => {
		const asAt = '2025-05-31';
		const customer = (await allRecords(env, '/contacts?contact_type_id=CUSTOMER&attributes=name', {}))[0];
		const account = (await allRecords(env, '/ledger_accounts?ledger_account_type_id=SALES', {}))[0];
		const row = async () =>
			(await env.runNode(aged('agedDebtors', asAt))).json(NODE).find((entry) => entry.contact_id === customer.id) ?? {};
		const before = await row();

		// Distinct powers of two in cents: each bucket's change says which invoices landed in it.
		const dues: Array<[number, number]> = [0, 1, 30, 31, 60, 61, 90, 91].map((days, i) => [days, 2 ** i]);
		for (const [days, amount] of dues) {
			const due = new Date(Date.parse(`${asAt}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
			const created = await env.runNode(
				create(
					'salesInvoice',
					defineBelow({
						contact_id: customer.id,
						date: '2025-01-01',
						due_date: due,
						invoice_lines: [
							{
								description: `Due ${days} days ago`,
								ledger_account_id: account.id,
								quantity: 1,
								unit_price: amount / 100,
								tax_amount: 0,
							},
						],
					}),
				),
			);
			expect(created.error).toBeUndefined();
		}
		const after = (await row()) as IDataObject;

		const change = (bucket: string) => cents(after[bucket]) - cents((before as IDataObject)[bucket] ?? 0);
		expect(change('current')).toBe(1);
		expect(change('days_1_30')).toBe(2 + 4);
		expect(change('days_31_60')).toBe(8 + 16);
		expect(change('days_61_90')).toBe(32 + 64);
		expect(change('days_over_90')).toBe(128);
	});

	it('a payment on account counts against the customer from its date, unless left out', async () => {
		const asAt = '2025-06-30';
		const customer = (await allRecords(env, '/contacts?contact_type_id=CUSTOMER&attributes=name', {}))[1];
		const bank = (await allRecords(env, '/bank_accounts', {}))[0];
		const row = async (includePaymentsOnAccount: boolean) =>
			(await env.runNode(aged('agedDebtors', asAt, { includePaymentsOnAccount })))
				.json(NODE)
				.find((entry) => entry.contact_id === customer.id) ?? {};
		const before = (await row(true)) as IDataObject;

		await postDirect(env, '/contact_payments', {
			contact_payment: {
				transaction_type_id: 'CUSTOMER_RECEIPT',
				contact_id: customer.id,
				bank_account_id: bank.id,
				date: '2025-05-15',
				total_amount: 250.5,
				allocated_artefacts: [],
				payment_on_account: { total_amount: 250.5 },
			},
		});
		const withPayment = (await row(true)) as IDataObject;
		const without = (await row(false)) as IDataObject;

		// 46 days before the day: the 31–60 column.
		expect(cents(withPayment.days_31_60) - cents(before.days_31_60 ?? 0)).toBe(-25_050);
		expect(cents(withPayment.total) - cents(before.total ?? 0)).toBe(-25_050);
		expect(cents(without.total ?? 0)).toBe(cents(before.total ?? 0));
	});
});
