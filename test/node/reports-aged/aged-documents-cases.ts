// Output Documents and the aging periods on one customer's books, written for the case: an invoice
// paid in part before the day and in part after it, one not yet due, a credit note, a later credit
// note allocated after the day, an opening balance, a payment and a refund left on account; as at
// a past month end and as at today, by due date and by document date, in 30- and 15-day columns;
// the contact's e-mail (its main contact person's) and credit limit; bad input refused before any
// request, naming the field.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { agedBooks, runOn } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { cents, postDirect } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is the contacts written here.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const TODAY = '2025-07-15';
const MONTH_END = '2025-06-30';

afterEach(() => useClock(new VirtualClock(() => Date.now())));

const run = async (parameters: INodeParameters) => {
	const result = await env.runNode({ resource: 'report', operation: 'agedDebtors', ...parameters });
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};
const asAt = (day: string): INodeParameters => (day === TODAY ? {} : { reportDate: 'custom', asAt: day });

/** The case's ids, written once for the file. */
const ids: Record<string, string> = {};

beforeAll(async () => {
	const books = agedBooks(env, 'debtors');
	ids.customer = (
		await postDirect(env, '/contacts', {
			contact: {
				name: 'Documents Case Ltd',
				contact_type_ids: ['CUSTOMER'],
				credit_limit: 120,
				credit_days: 30,
				main_contact_person: { name: 'Ada Ledger', email: 'ada@documents-case.example' },
			},
		})
	).id as string;
	const c = ids.customer;
	ids.paidInParts = await books.invoice(c, '2025-05-01', 100, '2025-05-31');
	await books.payment(c, '2025-06-10', [{ artefact_id: ids.paidInParts, amount: 30 }]);
	await books.payment(c, '2025-07-05', [{ artefact_id: ids.paidInParts, amount: 20 }]);
	ids.notYetDue = await books.invoice(c, '2025-06-20', 50, '2025-07-20');
	ids.creditNote = await books.creditNote(c, '2025-06-15', 15);
	ids.laterCredit = await books.creditNote(c, '2025-07-10', 5);
	await books.allocation(c, '2025-07-10', [
		{ artefact_id: ids.notYetDue, amount: 5 },
		{ artefact_id: ids.laterCredit, amount: -5 },
	]);
	ids.opening = await books.openingBalance(c, '2023-06-30', 40);
	ids.onAccount = (await books.payment(c, '2025-06-25', [], 25)).id as string;
	ids.refund = (await books.refund(c, '2025-06-28', [], 10)).id as string;
});

/** The customer's documents: id → the columns the case checks. */
const documentsOf = async (day: string, extra: INodeParameters = {}) => {
	runOn(TODAY);
	const rows = await run({ ...asAt(day), output: 'documents', ...extra });
	return new Map(
		rows
			.filter((row) => row.contact_id === ids.customer)
			.map((row) => [
				row.document_id as string,
				{
					type: row.document_type,
					days: row.days_overdue,
					bucket: row.bucket,
					outstanding: cents(row.outstanding_amount),
					base: cents(row.base_currency_outstanding_amount),
				},
			]),
	);
};

describe('Output Documents, one customer’s case', () => {
	it('as at a past month end: what each item still owed then, whatever was entered after', async () => {
		const documents = await documentsOf(MONTH_END);
		expect(Object.fromEntries([...documents].map(([id, row]) => [keyOf(id), row]))).toEqual({
			// 100.00 less 30.00 paid on 10 June; the 20.00 of 5 July not yet. Due 31 May: 30 days overdue.
			paidInParts: { type: 'sales_invoice', days: 30, bucket: 'days_1_30', outstanding: 7_000, base: 7_000 },
			// Due 20 July: 20 days before it is due; the credit allocated on 10 July not yet.
			notYetDue: { type: 'sales_invoice', days: -20, bucket: 'current', outstanding: 5_000, base: 5_000 },
			creditNote: { type: 'sales_credit_note', days: 15, bucket: 'days_1_30', outstanding: -1_500, base: -1_500 },
			// Brought forward on 30 June 2023: two years and a day (2024 had 29 February) before.
			opening: { type: 'opening_balance_invoice', days: 731, bucket: 'days_over_90', outstanding: 4_000, base: 4_000 },
			onAccount: { type: 'payment_on_account', days: 5, bucket: 'days_1_30', outstanding: -2_500, base: -2_500 },
			refund: { type: 'refund_on_account', days: 2, bucket: 'days_1_30', outstanding: 1_000, base: 1_000 },
		});
	});

	it('as at today: the payment of 5 July and the allocation of 10 July count', async () => {
		const documents = await documentsOf(TODAY);
		expect(
			Object.fromEntries([...documents].map(([id, row]) => [keyOf(id), [row.days, row.bucket, row.base]])),
		).toEqual({
			paidInParts: [45, 'days_31_60', 5_000],
			notYetDue: [-5, 'current', 4_500],
			creditNote: [30, 'days_1_30', -1_500],
			opening: [746, 'days_over_90', 4_000],
			onAccount: [20, 'days_1_30', -2_500],
			refund: [17, 'days_1_30', 1_000],
		});
	});

	it('Age By Document Date: the column follows the day it was raised, the days overdue its due date', async () => {
		const documents = await documentsOf(MONTH_END, { ageBy: 'documentDate' });
		expect([documents.get(ids.paidInParts)!.days, documents.get(ids.paidInParts)!.bucket]).toEqual([30, 'days_31_60']);
		expect([documents.get(ids.notYetDue)!.days, documents.get(ids.notYetDue)!.bucket]).toEqual([-20, 'days_1_30']);
	});

	it('15-day periods: columns named by them, the documents in them, the rows their sums', async () => {
		const periods = { agingPeriodDays: 15, agingPeriods: 3 };
		const documents = await documentsOf(TODAY, periods);
		expect(Object.fromEntries([...documents].map(([id, row]) => [keyOf(id), row.bucket]))).toEqual({
			paidInParts: 'days_31_45',
			notYetDue: 'current',
			creditNote: 'days_16_30',
			opening: 'days_over_45',
			onAccount: 'days_16_30',
			refund: 'days_16_30',
		});
		const rows = await run({ ...periods });
		const row = rows.find((entry) => entry.contact_id === ids.customer)!;
		const columns = ['current', 'days_1_15', 'days_16_30', 'days_31_45', 'days_over_45', 'total'];
		expect(Object.keys(row)).toEqual([
			'row_type',
			'contact_id',
			'contact_name',
			...columns,
			'credit_limit',
			'over_credit_limit',
			'as_at',
		]);
		expect(columns.map((column) => cents(row[column]))).toEqual([
			4_500,
			0,
			-1_500 - 2_500 + 1_000,
			5_000,
			4_000,
			10_500,
		]);
		const [summary] = await run({ ...periods, output: 'summary' });
		expect(Object.keys(summary)).toEqual(expect.arrayContaining(columns));
		expect(summary).not.toHaveProperty('days_1_30');
	});

	it('the contact’s e-mail is its main contact person’s, and its row says when it owes more than its credit limit', async () => {
		runOn(TODAY);
		const [document] = (await run({ ...asAt(MONTH_END), output: 'documents' })).filter(
			(row) => row.contact_id === ids.customer,
		);
		expect(document).toMatchObject({
			contact_name: 'Documents Case Ltd',
			contact_email: 'ada@documents-case.example',
			credit_limit: 120,
			credit_days: 30,
		});
		const rowOn = async (day: string) =>
			(await run(asAt(day))).find((row) => row.contact_id === ids.customer) as IDataObject;
		// 130.00 owed at the month end, 105.00 today, against a limit of 120.00.
		expect(await rowOn(MONTH_END)).toMatchObject({ total: 130, credit_limit: 120, over_credit_limit: true });
		expect(await rowOn(TODAY)).toMatchObject({ total: 105, credit_limit: 120, over_credit_limit: false });
	});
});

/** The case's name of a document id. */
const keyOf = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id;

describe('aging periods and Output Documents: bad input', () => {
	const refused = async (parameters: INodeParameters, message: RegExp, requests: string[] = []) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'report', operation: 'agedDebtors', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0])).toEqual(requests);
	};

	it.each([
		[{ agingPeriodDays: 0 }, /Invalid "Aging Period \(Days\)": must be from 1 to 365, got 0/],
		[{ agingPeriodDays: 366 }, /Invalid "Aging Period \(Days\)": must be from 1 to 365, got 366/],
		[{ agingPeriodDays: 7.5 }, /Invalid "Aging Period \(Days\)": expected a whole number, got 7\.5/],
		[{ agingPeriodDays: '={{ "a month" }}' }, /Invalid "Aging Period \(Days\)": expected a number, got "a month"/],
		[{ agingPeriods: 0 }, /Invalid "Aging Periods": must be from 1 to 12, got 0/],
		[{ agingPeriods: 13 }, /Invalid "Aging Periods": must be from 1 to 12, got 13/],
	])('%o: refused before any request, naming the field', async (parameters, message) => {
		await refused({ output: 'documents', ...parameters }, message);
	});

	it('a day before the books start: refused once the settings are read, before any list is', async () => {
		await refused(
			{ output: 'documents', reportDate: 'custom', asAt: '2023-06-29' },
			/Invalid "As At Date": the day 2023-06-29 is before the books start/,
			['/financial_settings'],
		);
	});

	it('periods from an expression as text are taken as numbers', async () => {
		runOn(TODAY);
		const rows = await run({ agingPeriodDays: '={{ "7" }}', agingPeriods: '={{ "2" }}', output: 'summary' });
		expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['current', 'days_1_7', 'days_8_14', 'days_over_14']));
	});
});
