// Aged Debtors and Creditors as what was owed at the end of a day, as Sage's own report shows it:
// the tie to the control account on every business at twelve month ends (first, on the books as
// seeded); bad input; today's reads; then payments and allocations counted from their date, Age By
// and a foreign-currency invoice, each a customer of its own, checked against the documents,
// payments and allocations read directly.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox } from '../connected-sandbox';
import {
	allRecords,
	businessesOf,
	businessParameter,
	cents,
	columnOf,
	openDocuments,
	openOpeningBalances,
	postDirect,
	type Business,
} from '../report-books';

const NODE = 'Accounting Service';
const BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90', 'total'];
// Small books (the lead with the second business's counts): every report reads its side whole, 24
// times per business for the tie, and the tie holds over a whole seeded history whatever its size.
const env = useConnectedSandbox({ scale: 120, smallLead: true });

/** The package's clock on a day, so that "today" is that day. */
const runOn = (day: string) => useClock(new VirtualClock(() => Date.parse(`${day}T16:00:00Z`)));
afterEach(() => useClock(new VirtualClock(() => Date.now())));

const aged = (asAt: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'report',
	operation: 'agedDebtors',
	reportDate: 'custom',
	asAt,
	...extra,
});

const rowsOf = async (parameters: INodeParameters) => {
	const result = await env.runNode(parameters);
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

/** The contact's buckets in cents as the node answers them (all 0 when it has no row). */
const bucketsOf = async (contact: string, asAt: string, extra: INodeParameters = {}) => {
	const row = (await rowsOf(aged(asAt, extra))).find((entry) => entry.contact_id === contact);
	return Object.fromEntries(BUCKETS.map((bucket) => [bucket, row ? cents(row[bucket]) : 0]));
};

/** The same contact's buckets from the documents, payments and allocations read directly. */
const expectedBuckets = async (
	contact: string,
	asAt: string,
	ageBy: 'dueDate' | 'documentDate' = 'dueDate',
	business = businessesOf(env)[0],
) => {
	const buckets = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0]));
	const open = [
		...(await openDocuments(env, business, 'debtors', asAt, ageBy)),
		...(await openOpeningBalances(env, business, 'debtors', asAt)),
	];
	for (const document of open.filter((entry) => entry.contact === contact)) {
		buckets[columnOf(document.agedFrom, asAt)] += document.amount;
		buckets.total += document.amount;
	}
	return buckets;
};

let customers = 0;
const newCustomer = async () =>
	(
		await postDirect(env, '/contacts', {
			contact: { name: `Aged As At Customer ${++customers}`, contact_type_ids: ['CUSTOMER'] },
		})
	).id as string;

const salesAccount = async () => (await allRecords(env, '/ledger_accounts?ledger_account_type_id=SALES', {}))[0].id;
const bankAccount = async () => (await allRecords(env, '/bank_accounts', {}))[0].id;

const invoice = async (contact: string, date: string, dueDate: string, amount: number) =>
	(
		await postDirect(env, '/sales_invoices', {
			sales_invoice: {
				contact_id: contact,
				date,
				due_date: dueDate,
				invoice_lines: [
					{
						description: 'Catering',
						ledger_account_id: await salesAccount(),
						quantity: 1,
						unit_price: amount,
						tax_amount: 0,
					},
				],
			},
		})
	).id as string;

const creditNote = async (contact: string, date: string, amount: number) =>
	(
		await postDirect(env, '/sales_credit_notes', {
			sales_credit_note: {
				contact_id: contact,
				date,
				credit_note_lines: [
					{
						description: 'Returned',
						ledger_account_id: await salesAccount(),
						quantity: 1,
						unit_price: amount,
						tax_amount: 0,
					},
				],
			},
		})
	).id as string;

const receipt = async (
	contact: string,
	date: string,
	lines: Array<{ artefact_id: string; amount: number; discount?: number }>,
	onAccount = 0,
) =>
	await postDirect(env, '/contact_payments', {
		contact_payment: {
			transaction_type_id: 'CUSTOMER_RECEIPT',
			contact_id: contact,
			bank_account_id: await bankAccount(),
			date,
			total_amount: lines.reduce((sum, line) => sum + line.amount, 0) + onAccount,
			allocated_artefacts: lines,
			...(onAccount ? { payment_on_account: { total_amount: onAccount } } : {}),
		},
	});

describe('Aged Debtors and Creditors tied to the control account', () => {
	const monthEnds = ['2023-07-31', '2023-08-31', '2023-09-30', '2023-12-31', '2024-02-29', '2024-03-31'];
	monthEnds.push('2024-06-30', '2024-09-30', '2024-12-31', '2025-03-31', '2025-05-31', '2025-06-30');

	it.each(['lead', 'second', 'invited'])(
		'the %s business: the aged total equals the control account at twelve month ends, difference 0',
		async (key) => {
			const business = businessesOf(env).find((candidate) => candidate.key === key) as Business;
			for (const operation of ['agedDebtors', 'agedCreditors']) {
				for (const asAt of monthEnds) {
					const [summary] = await rowsOf(aged(asAt, { operation, output: 'summary', ...businessParameter(business) }));
					expect(summary.control_account).toEqual(expect.any(String));
					expect(cents(summary.control_account_balance)).not.toBe(0);
					expect({ operation, asAt, difference: summary.difference }).toEqual({ operation, asAt, difference: 0 });
				}
			}
		},
	);

	it('a journal posted to the control account shows as the difference; Control Account chooses another', async () => {
		const accounts = await allRecords(env, '/ledger_accounts?attributes=all', {});
		const debtors = accounts.find((account) => account.control_name === 'SALES_LEDGER_CONTROL') as IDataObject;
		const sales = accounts.find(
			(account) => (account.ledger_account_type as IDataObject).id === 'SALES',
		) as IDataObject;
		await postDirect(env, '/journals', {
			journal: {
				date: '2025-04-15',
				reference: 'Debtors write-back',
				journal_lines: [
					{ ledger_account_id: debtors.id, debit: 12.34, credit: 0, details: 'Into the control account' },
					{ ledger_account_id: sales.id, debit: 0, credit: 12.34, details: 'Not through a customer' },
				],
			},
		});

		const [before] = await rowsOf(aged('2025-04-14', { output: 'summary' }));
		const [after] = await rowsOf(aged('2025-04-30', { output: 'summary' }));
		expect(before.difference).toBe(0);
		expect(cents(after.difference)).toBe(1_234);
		expect(cents(after.control_account_balance) - cents(after.total)).toBe(1_234);
		expect(after.control_account).toBe(`${debtors.nominal_code} ${debtors.name}`);

		const [chosen] = await rowsOf(
			aged('2025-04-30', { output: 'summary', controlAccount: String(sales.nominal_code) }),
		);
		expect(chosen.control_account).toBe(`${sales.nominal_code} ${sales.name}`);
		expect(cents(chosen.difference)).toBe(cents(chosen.control_account_balance) - cents(chosen.total));
		expect(cents(chosen.control_account_balance)).not.toBe(cents(after.control_account_balance));
	});
});

describe('bad aged report input', () => {
	it('an Age By an expression made up: refused naming the field before any request', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(aged('2025-05-31', { ageBy: '={{ "invoiceDate" }}' }));
		expect(result.error?.message).toMatch(/Age By/);
		expect(result.error?.message).toMatch(/dueDate/);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});

	it('a Control Account no ledger account has: refused naming it before the report’s lists are read', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(aged('2025-05-31', { controlAccount: '99999' }));
		expect(result.error?.message).toMatch(/Control Account.*99999/);
		const paths = env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0]);
		expect(paths).toEqual(['/financial_settings', '/ledger_accounts']);
	});
});
describe('Aged Debtors as at today', () => {
	it('reads one page of each document kind (by status beyond a page), and answers what the documents owe now', async () => {
		runOn('2025-07-15');
		// A business the scenarios below leave alone.
		const second = businessesOf(env).find((business) => business.key === 'second') as Business;
		const position = env.sandbox.log.entries().length;
		const rows = await rowsOf({ resource: 'report', operation: 'agedDebtors', ...businessParameter(second) });

		const requests = env.apiRequestsSince(position).map((entry) => decodeURIComponent(entry.path));
		const isCheck = (path: string) => /[?&](updated_or_created_since|deleted_since)=/.test(path);
		const firstPages = requests.filter((path) => !/[?&]page=/.test(path) && !isCheck(path));
		// The settings, the control account, one page of each document kind, the latest first (the kind
		// whole, or those dated after today: what a payment or allocation may name), and of a kind
		// larger than a page one list per open status; the opening balances, the allocations, and the
		// receipts and refunds, and the customers (their credit limits): nothing read with its allocations.
		const kinds = ['sales_invoices', 'sales_corrective_invoices', 'sales_credit_notes', 'sales_quick_entries'];
		const sizes = await Promise.all(
			kinds.map(
				async (kind) =>
					(await env.fetchDirect(`/${kind}?items_per_page=1`, { 'X-Business': second.id })).body.$total as number,
			),
		);
		const largerThanAPage = sizes.filter((size) => size > 200).length;
		expect(firstPages.length).toBe(1 + 1 + 4 + 3 * largerThanAPage + 1 + 1 + 2 + 1);
		expect(firstPages.filter((path) => path.includes('sort=date:desc'))).toHaveLength(4);
		const isDocumentList = (path: string) => kinds.some((kind) => path.startsWith(`/${kind}?`));
		expect(requests.filter((path) => isDocumentList(path) && path.includes(`from_date=2025-07-16`))).toEqual([]);
		expect(requests.some((path) => path.includes('show_payments_allocations'))).toBe(false);

		const expected = new Map<string, number>();
		for (const document of [
			...(await openDocuments(env, second, 'debtors', '2025-07-15')),
			...(await openOpeningBalances(env, second, 'debtors', '2025-07-15')),
		])
			expected.set(document.contact, (expected.get(document.contact) ?? 0) + document.amount);
		for (const [contact, total] of expected) if (total === 0) expected.delete(contact);
		const contacts = rows.filter((row) => row.row_type === 'contact');
		expect(new Map(contacts.map((row) => [row.contact_id as string, cents(row.total)]))).toEqual(expected);
	});

	it('a payment dated after today does not make the invoice disappear early', async () => {
		runOn('2025-07-15');
		const customer = await newCustomer();
		const owed = await invoice(customer, '2025-07-01', '2025-07-31', 90);
		await receipt(customer, '2025-07-20', [{ artefact_id: owed, amount: 90 }]);

		const rows = await rowsOf({ resource: 'report', operation: 'agedDebtors', includePaymentsOnAccount: false });
		const row = rows.find((entry) => entry.contact_id === customer);
		expect(row && cents(row.current)).toBe(9_000);
	});
});

describe('Aged Debtors as at a past day: what was owed at the end of it', () => {
	it('a payment dated the day counts; one dated the next day does not', async () => {
		const customer = await newCustomer();
		const paidOnTheDay = await invoice(customer, '2025-05-01', '2025-05-10', 100);
		const paidTheDayAfter = await invoice(customer, '2025-05-01', '2025-05-10', 30);
		await receipt(customer, '2025-05-31', [{ artefact_id: paidOnTheDay, amount: 100 }]);
		await receipt(customer, '2025-06-01', [{ artefact_id: paidTheDayAfter, amount: 30 }]);

		const onTheDay = await bucketsOf(customer, '2025-05-31');
		expect(onTheDay).toEqual(await expectedBuckets(customer, '2025-05-31'));
		expect(onTheDay).toMatchObject({ days_1_30: 3_000, total: 3_000 });
		expect(await bucketsOf(customer, '2025-05-30')).toMatchObject({ days_1_30: 13_000, total: 13_000 });
		expect(await bucketsOf(customer, '2025-06-01')).toMatchObject({ total: 0 });
	});

	it('a part payment before the day and the rest after: the rest still owed on the day', async () => {
		const customer = await newCustomer();
		const owed = await invoice(customer, '2025-03-01', '2025-03-31', 250);
		await receipt(customer, '2025-04-15', [{ artefact_id: owed, amount: 100 }]);
		await receipt(customer, '2025-05-20', [{ artefact_id: owed, amount: 150 }]);

		const buckets = await bucketsOf(customer, '2025-04-30');
		expect(buckets).toEqual(await expectedBuckets(customer, '2025-04-30'));
		expect(buckets).toMatchObject({ days_1_30: 15_000, total: 15_000 });
		expect(await bucketsOf(customer, '2025-03-31')).toMatchObject({ current: 25_000 });
		expect(await bucketsOf(customer, '2025-05-31')).toMatchObject({ total: 0 });
	});

	it('a credit note allocated after the day still counts against the customer on the day, from its own date', async () => {
		const customer = await newCustomer();
		const owed = await invoice(customer, '2025-04-01', '2025-05-15', 80);
		const credit = await creditNote(customer, '2025-04-25', 20);
		await postDirect(env, '/contact_allocations', {
			contact_allocation: {
				transaction_type_id: 'CUSTOMER_ALLOCATION',
				contact_id: customer,
				date: '2025-06-10',
				allocated_artefacts: [
					{ artefact_id: owed, amount: 20 },
					{ artefact_id: credit, amount: -20 },
				],
			},
		});

		const before = await bucketsOf(customer, '2025-05-31');
		expect(before).toEqual(await expectedBuckets(customer, '2025-05-31'));
		// The invoice due 15 May, 16 days; the credit note of 25 April, 36 days.
		expect(before).toMatchObject({ days_1_30: 8_000, days_31_60: -2_000, total: 6_000 });
		const after = await bucketsOf(customer, '2025-06-10');
		expect(after).toEqual(await expectedBuckets(customer, '2025-06-10'));
		expect(after).toMatchObject({ days_1_30: 6_000, days_31_60: 0, total: 6_000 });
	});

	it('a discount settles as much as a payment, from the same date', async () => {
		const customer = await newCustomer();
		const owed = await invoice(customer, '2025-05-01', '2025-05-31', 200);
		await receipt(customer, '2025-05-25', [{ artefact_id: owed, amount: 150, discount: 10 }]);
		await receipt(customer, '2025-06-05', [{ artefact_id: owed, amount: 40 }]);

		const buckets = await bucketsOf(customer, '2025-05-31');
		expect(buckets).toEqual(await expectedBuckets(customer, '2025-05-31'));
		expect(buckets).toMatchObject({ current: 4_000, total: 4_000 });
	});

	it('payments on account: counted from their date up to the day, never before', async () => {
		const customer = await newCustomer();
		const owed = await invoice(customer, '2025-05-01', '2025-05-31', 60);
		await receipt(customer, '2025-06-05', [{ artefact_id: owed, amount: 60 }], 40);

		expect(await bucketsOf(customer, '2025-06-04')).toMatchObject({ days_1_30: 6_000, total: 6_000 });
		// Paid on 5 June with 40.00 more on account, 25 days before 30 June.
		expect(await bucketsOf(customer, '2025-06-30')).toMatchObject({ days_1_30: -4_000, total: -4_000 });
		expect(await bucketsOf(customer, '2025-06-30', { includePaymentsOnAccount: false })).toMatchObject({ total: 0 });
	});

	it('Age By: Due Date ages an invoice from its due date, Document Date from the day it was raised', async () => {
		const customer = await newCustomer();
		await invoice(customer, '2025-03-20', '2025-05-19', 75);

		const byDue = await bucketsOf(customer, '2025-05-31');
		const byDocument = await bucketsOf(customer, '2025-05-31', { ageBy: 'documentDate' });
		expect(byDue).toEqual(await expectedBuckets(customer, '2025-05-31', 'dueDate'));
		expect(byDocument).toEqual(await expectedBuckets(customer, '2025-05-31', 'documentDate'));
		expect(byDue).toMatchObject({ days_1_30: 7_500 });
		expect(byDocument).toMatchObject({ days_61_90: 7_500 });
	});

	it('a foreign-currency invoice: what is owed at its own rate, rounded once (after the tie above: the sandbox books it in one currency)', async () => {
		const customer = await newCustomer();
		// The sandbox's businesses keep one currency: the invoice is booked at its base amount, 78.91,
		// and shown as USD 100.00 with that base, as a foreign-currency invoice reads.
		const owed = await invoice(customer, '2025-05-01', '2025-05-31', 78.91);
		const lead = businessesOf(env)[0];
		env.sandbox.dataset.updateRecord(lead.id, 'sales_invoices', owed, {
			currency: { id: 'USD', displayed_as: 'US Dollar (USD)', $path: '/currencies/USD' },
			exchange_rate: 1.2673,
			total_amount: 100,
		});
		await receipt(customer, '2025-05-10', [{ artefact_id: owed, amount: 66.67 }]);

		const buckets = await bucketsOf(customer, '2025-05-31');
		expect(buckets).toEqual(await expectedBuckets(customer, '2025-05-31'));
		// USD 33.33 of 100.00 at 78.91 / 100.00: 26.300703 → 26.30.
		expect(buckets).toMatchObject({ current: 2_630, total: 2_630 });
		expect((await bucketsOf(customer, '2025-04-30')).total).toBe(0);
	});
});
