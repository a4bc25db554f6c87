// Aged Debtors as at today on a business whose sales invoices take more than a page (3,000): what
// the report reads and what it costs. One page of each document kind, the latest first; the sales
// invoices by open status, read together, with one change check for the three lists (issue 49:
// back to the recorded requests). A list that moves while it is read without its `$total` changing
// (an unpaid invoice deleted on its first page, one created at its end) is caught by that check,
// read again, and the report is what the documents owe once it has settled.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { allRecords, businessesOf, cents, openDocuments, openOpeningBalances, type Business } from '../report-books';

const NODE = 'Accounting Service';
const OPEN_STATUSES = ['UNPAID', 'PART_PAID', 'DISPUTED'];
const DEBTOR_KINDS = ['sales_invoices', 'sales_corrective_invoices', 'sales_credit_notes', 'sales_quick_entries'];
const env = useConnectedSandbox({ scale: 3_000 });

// As at today (the clock's; the sandbox's history is over by then), without money on account: the
// documents and opening balances alone, as the direct computation below sums them.
const todayReport: INodeParameters = { resource: 'report', operation: 'agedDebtors', includePaymentsOnAccount: false };

type Request = { method: string; path: string; query: string };
const query = (path: string) => new URLSearchParams(path.split('?')[1] ?? '');
const isChangeCheck = (path: string) => query(path).has('updated_or_created_since') || query(path).has('deleted_since');

/** The report's rows as at today, the day it answered for, and the API requests it made. */
async function runReport() {
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode(todayReport);
	expect(result.error).toBeUndefined();
	const rows = result.json(NODE);
	const requests = env.apiRequestsSince(position).map((entry) => decodeURIComponent(entry.path));
	return { rows, asAt: String(rows[0].as_at), requests };
}

/** Each contact's total in cents, from the documents and opening balances read directly. */
async function owedByContact(business: Business, asAt: string) {
	const owed = new Map<string, number>();
	for (const document of [
		...(await openDocuments(env, business, 'debtors', asAt)),
		...(await openOpeningBalances(env, business, 'debtors', asAt)),
	])
		owed.set(document.contact, (owed.get(document.contact) ?? 0) + document.amount);
	for (const [contact, total] of owed) if (total === 0) owed.delete(contact);
	return owed;
}

const contactTotals = (rows: IDataObject[]) =>
	new Map(rows.filter((row) => row.row_type === 'contact').map((row) => [row.contact_id as string, cents(row.total)]));

const total = async (path: string) => Number((await env.fetchDirect(`${path}&items_per_page=1`)).body.$total);

describe('Aged Debtors as at today on 3,000 sales invoices', () => {
	it('one page of each kind, the invoices by open status with one change check for the three lists', async () => {
		const lead = businessesOf(env).find((business) => business.key === 'lead')!;
		const { rows, asAt, requests } = await runReport();
		expect(contactTotals(rows)).toEqual(await owedByContact(lead, asAt));

		const byStatus = await Promise.all(
			OPEN_STATUSES.map(async (status) => await total(`/sales_invoices?status_id=${status}&to_date=${asAt}`)),
		);
		// The case the shared check is for: more than one of the lists takes several pages.
		expect(byStatus.filter((records) => records > 200).length).toBeGreaterThanOrEqual(2);
		const lists = requests.filter((path) => !isChangeCheck(path));
		for (const kind of DEBTOR_KINDS) {
			const looks = lists.filter((path) => path.startsWith(`/${kind}?`) && query(path).get('sort') === 'date:desc');
			expect({ kind, looks: looks.length }).toEqual({ kind, looks: 1 });
		}
		OPEN_STATUSES.forEach((status, index) => {
			const pages = lists.filter(
				(path) => path.startsWith('/sales_invoices?') && query(path).get('status_id') === status,
			);
			expect({ status, pages: pages.length }).toEqual({ status, pages: Math.max(1, Math.ceil(byStatus[index] / 200)) });
		});
		// The other kinds fit on their page: none is read by status, and nothing is dated after today.
		expect(lists.filter((path) => query(path).has('status_id') && !path.startsWith('/sales_invoices?'))).toEqual([]);
		const isDocumentList = (path: string) => DEBTOR_KINDS.some((kind) => path.startsWith(`/${kind}?`));
		expect(lists.filter((path) => isDocumentList(path) && query(path).has('from_date'))).toEqual([]);
		const invoiceChecks = requests.filter((path) => path.startsWith('/sales_invoices?') && isChangeCheck(path));
		expect(invoiceChecks.map((path) => [...query(path).keys()].sort().join()).sort()).toEqual([
			'deleted_since,items_per_page',
			'items_per_page,updated_or_created_since',
		]);
	});

	it('an unpaid invoice deleted and one created while the unpaid ones are read: read again, nothing lost', async () => {
		const lead = businessesOf(env).find((business) => business.key === 'lead')!;
		const { dataset } = env.sandbox;
		const unpaid = await allRecords(env, '/sales_invoices?status_id=UNPAID', {});
		expect(unpaid.length).toBeGreaterThan(200);
		const first = (await env.fetchDirect(`/sales_invoices/${String(unpaid[0].id)}?attributes=all`)).body;
		const deleted = {
			contact: (first.contact as IDataObject).id as string,
			amount: cents(first.base_currency_outstanding_amount),
		};
		let moved = false;
		const stop = env.sandbox.beforeApiRequest((request: Request) => {
			const asked = new URLSearchParams(request.query);
			if (
				moved ||
				request.path !== '/sales_invoices' ||
				asked.get('status_id') !== 'UNPAID' ||
				asked.get('page') !== '2'
			)
				return;
			moved = true;
			// The first page's records slide forward by one, and `$total` stays what it was.
			dataset.deleteRecord(lead.id, 'sales_invoices', unpaid[0].id as string);
			dataset.createRecord(lead.id, 'sales_invoices');
		});
		const { rows, asAt, requests } = await runReport().finally(stop);

		expect(moved).toBe(true);
		// What the documents owe now; a record read before it was deleted may be output too (Return All's
		// contract: every record present for the whole read exactly once, docs/reliability.md).
		const owed = await owedByContact(lead, asAt);
		const withDeleted = new Map(owed);
		withDeleted.set(deleted.contact, (withDeleted.get(deleted.contact) ?? 0) + deleted.amount);
		expect([owed, withDeleted]).toContainEqual(contactTotals(rows));
		const secondPages = requests.filter(
			(path) =>
				path.startsWith('/sales_invoices?') &&
				query(path).get('status_id') === 'UNPAID' &&
				query(path).get('page') === '2',
		);
		expect(secondPages.length).toBeGreaterThanOrEqual(2);
	});
});
