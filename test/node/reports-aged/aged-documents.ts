// Aged Debtors and Creditors, Output Documents, on the sandbox's books as seeded: every open item
// of the day with its number, contact details, due date, days overdue, column and what was
// outstanding, each figure worked out here from the documents, payments and allocations read
// whole (aged-open-items.ts); each contact's documents add up to its row of Output Rows; as at a
// past month end, the books' start and today.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { runOn } from '../aged-books';
import { columnFor, daysFrom, expectedOpenItems, readSideRecords, type SideRecords } from '../aged-open-items';
import { useConnectedSandbox } from '../connected-sandbox';
import { businessByKey, businessParameter, cents } from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 120 });
const TODAY = '2025-07-15';

export const DOCUMENT_COLUMNS = [
	'document_id',
	'document_type',
	'document_number',
	'reference',
	'contact_id',
	'contact_name',
	'contact_reference',
	'contact_email',
	'credit_limit',
	'credit_days',
	'date',
	'due_date',
	'days_overdue',
	'bucket',
	'total_amount',
	'outstanding_amount',
	'base_currency_outstanding_amount',
	'currency',
];

afterEach(() => useClock(new VirtualClock(() => Date.now())));

const records = new Map<string, SideRecords>();
const recordsOf = async (key: string, side: 'debtors' | 'creditors') => {
	const name = `${key}:${side}`;
	if (!records.has(name)) records.set(name, await readSideRecords(env, businessByKey(env, key), side));
	return records.get(name)!;
};

const run = async (parameters: INodeParameters) => {
	const result = await env.runNode({ resource: 'report', ...parameters });
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

/** What a contact's e-mail is: its own, else its main contact person's. */
const emailOf = (contact: IDataObject | undefined) =>
	(contact?.email as string) || ((contact?.main_contact_person as IDataObject | null)?.email as string) || null;

describe('Aged reports, Output Documents', () => {
	// The books' start (opening balances only) once; a past month end and today on each side.
	const cases = [
		['debtors', 'lead', '2023-07-01'] as const,
		...(['debtors', 'creditors'] as const).flatMap((side) => [
			...['2025-05-31', 'today'].map((day) => [side, 'lead', day] as const),
			[side, 'second', 'today'] as const,
		]),
	];

	it.each(cases)('%s of the %s business as at %s: every open item, as the records say', async (side, key, day) => {
		runOn(TODAY);
		const asAt = day === 'today' ? TODAY : day;
		const business = businessByKey(env, key);
		const operation = side === 'debtors' ? 'agedDebtors' : 'agedCreditors';
		const position = env.sandbox.log.entries().length;
		const rows = await run({
			operation,
			output: 'documents',
			...(day === 'today' ? {} : { reportDate: 'custom', asAt }),
			...businessParameter(business),
		});
		const requests = env.apiRequestsSince(position).map((entry) => decodeURIComponent(entry.path));
		// No request per record, and no control account: the documents do not show it.
		expect(requests.filter((path) => /^\/\w+\/[0-9a-f]{32}/.test(path))).toEqual([]);
		expect(requests.filter((path) => path.startsWith('/ledger_accounts'))).toEqual([]);
		expect(
			requests.filter((path) => path.startsWith('/contacts?') && !/[?&](page|\w+_since)=/.test(path)),
		).toHaveLength(1);

		const book = await recordsOf(key, side);
		const expected = expectedOpenItems(book, asAt);
		if (key === 'lead') expect(expected.length).toBeGreaterThan(10);
		for (const row of rows) expect(Object.keys(row)).toEqual(DOCUMENT_COLUMNS);

		const byId = (items: Array<{ id: string; base: number }>) =>
			[...items].map((item) => `${item.id} ${item.base}`).sort();
		expect(
			byId(rows.map((row) => ({ id: row.document_id as string, base: cents(row.base_currency_outstanding_amount) }))),
		).toEqual(byId(expected));

		const found = new Map(expected.map((item) => [item.id, item]));
		const mismatches: unknown[] = [];
		for (const row of rows) {
			const item = found.get(row.document_id as string)!;
			const contact = book.contacts.get(item.contact);
			const overdueFrom = item.credit ? item.date : (item.dueDate ?? item.date);
			const limit = contact ? cents(contact.credit_limit ?? 0) : 0;
			const want = {
				contact_id: item.contact,
				contact_name: contact?.name ?? null,
				contact_reference: contact?.reference ?? null,
				contact_email: emailOf(contact),
				credit_limit: limit === 0 ? null : limit / 100,
				credit_days: contact?.credit_days ?? null,
				date: item.date,
				due_date: item.dueDate,
				days_overdue: daysFrom(overdueFrom, asAt),
				bucket: columnFor(daysFrom(item.credit ? item.date : (item.dueDate ?? item.date), asAt), 30, 3),
				outstanding_amount: item.outstanding / 100,
			};
			const got = Object.fromEntries(Object.keys(want).map((column) => [column, row[column]]));
			if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push({ id: row.document_id, got, want });
		}
		expect(mismatches).toEqual([]);

		// The invoices' own numbers: a sales invoice's, a purchase invoice's supplier reference.
		const invoices = book.documents.filter(
			({ path, record }) => found.has(record.id as string) && path.endsWith('_invoices'),
		);
		if (key === 'lead') expect(invoices.length).toBeGreaterThan(0);
		for (const { path, record } of invoices.slice(0, 20)) {
			const row = rows.find((candidate) => candidate.document_id === record.id)!;
			expect(row.document_number).toBe(
				(side === 'debtors' ? record.invoice_number : record.vendor_reference) || record.displayed_as,
			);
			expect(row.document_type).toBe(path.slice(0, -1));
			expect(row.currency).toBe((record.currency as IDataObject).id);
			expect(cents(row.total_amount)).toBe(cents(record.total_amount));
		}

		// Each contact's documents add up to its row of Output Rows, to the cent.
		const contactRows = (
			await run({
				operation,
				...(day === 'today' ? {} : { reportDate: 'custom', asAt }),
				...businessParameter(business),
			})
		).filter((row) => row.row_type === 'contact');
		const sums = new Map<string, number>();
		for (const row of rows) {
			const id = row.contact_id as string;
			sums.set(id, (sums.get(id) ?? 0) + cents(row.base_currency_outstanding_amount));
		}
		for (const [id, sum] of sums) if (sum === 0) sums.delete(id);
		expect(new Map(contactRows.map((row) => [row.contact_id as string, cents(row.total)]))).toEqual(sums);
		// Contacts in the order of the rows, largest total first; each contact's oldest first.
		const order = rows.map((row) => row.contact_id).filter((id, i, all) => all.indexOf(id) === i);
		expect(order.slice(0, contactRows.length)).toEqual(contactRows.map((row) => row.contact_id));
	});
});
