// Report → Overdue Invoices as an AI tool ("who should I chase this week, for what?" in one call)
// and as a node: each customer with something overdue, the most overdue first, with its e-mail and
// its overdue documents, oldest first; every figure worked out here from the sandbox's records read
// whole (aged-open-items.ts), as at a past month end and as at today; the answer within its size
// limit however many customers and documents there are.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { daysFrom, expectedOpenItems, readSideRecords, type ExpectedItem } from '../aged-open-items';
import { useConnectedSandbox } from '../connected-sandbox';
import { businessByKey, cents } from '../report-books';
import { answerOf, callTools } from '../tool-sandbox';

const env = useConnectedSandbox({ scale: 120 });
const TODAY = '2025-07-15';
const runOn = (day: string) => useClock(new VirtualClock(() => Date.parse(`${day}T16:00:00Z`)));
afterEach(() => useClock(new VirtualClock(() => Date.now())));

/** The day from the model, or today (the package's clock) when it names none. */
const OVERDUE_TOOL: INodeParameters = {
	resource: 'report',
	operation: 'overdueInvoices',
	reportDate: `={{ $fromAI('as_at', \`The day, YYYY-MM-DD; leave it out for today\`, 'string', '') ? 'custom' : 'today' }}`,
	asAt: `={{ $fromAI('as_at', \`The day, YYYY-MM-DD; leave it out for today\`, 'string', '') }}`,
};

interface Chase {
	contact: string;
	overdue: number;
	oldest: number;
	documents: ExpectedItem[];
}

/** Each customer with something owed past its due date on the day, the most overdue first. */
async function expectedChases(day: string): Promise<Chase[]> {
	const records = await readSideRecords(env, businessByKey(env, 'lead'), 'debtors');
	const overdueFrom = (item: ExpectedItem) => (item.credit ? item.date : (item.dueDate ?? item.date));
	const byContact = new Map<string, ExpectedItem[]>();
	for (const item of expectedOpenItems(records, day)) {
		if (item.base <= 0 || daysFrom(overdueFrom(item), day) <= 0) continue;
		byContact.set(item.contact, [...(byContact.get(item.contact) ?? []), item]);
	}
	return [...byContact]
		.map(([contact, documents]) => ({
			contact,
			overdue: documents.reduce((sum, item) => sum + item.base, 0),
			oldest: Math.max(...documents.map((item) => daysFrom(overdueFrom(item), day))),
			documents,
		}))
		.sort((a, b) => b.overdue - a.overdue || a.contact.localeCompare(b.contact));
}

const emailsOf = async () => {
	const records = await readSideRecords(env, businessByKey(env, 'lead'), 'debtors');
	const emailOf = (contact: IDataObject) =>
		(contact.email as string) || ((contact.main_contact_person as IDataObject | null)?.email as string);
	return new Map([...records.contacts].map(([id, contact]) => [id, emailOf(contact)]));
};

describe('overdue_invoices: whom to chase, for what, in one call', () => {
	it.each([
		['a past month end', '2025-05-31'],
		['today', TODAY],
	])('as at %s: the totals, then each customer, most overdue first, with its overdue documents', async (_, day) => {
		runOn(TODAY);
		const [result] = await callTools(env, { overdue_invoices: OVERDUE_TOOL }, [
			{ tool: 'overdue_invoices', arguments: day === TODAY ? {} : { as_at: day } },
		]);
		expect(result.description).toBe(
			'Overdue invoices by customer, largest first: whom to chase, for what in Sage Accounting',
		);
		expect(result.answer!.length).toBeLessThanOrEqual(16_000);
		const [summary, ...rest] = answerOf(result);
		const chases = await expectedChases(day);
		expect(chases.length).toBeGreaterThan(5);
		expect(summary).toEqual({
			as_at: day,
			currency: 'GBP',
			contacts_overdue: chases.length,
			documents_overdue: chases.reduce((sum, chase) => sum + chase.documents.length, 0),
			total_overdue: chases.reduce((sum, chase) => sum + chase.overdue, 0) / 100,
		});
		const note = rest.at(-1)!;
		const contacts = rest.filter((row) => row.row_type === 'contact');
		// Not every customer fits: the largest do, and the note says how many were left out.
		expect(contacts.length).toBeLessThan(chases.length);
		expect(note.note).toBe(
			`${contacts.length + 1} of ${chases.length + 1} rows shown; … ${chases.length - contacts.length} more; the entries without row_type hold the report’s totals (one per period when it is split), all given`,
		);
		const emails = await emailsOf();
		contacts.forEach((contact, index) => {
			const chase = chases[index];
			expect(contact).toMatchObject({
				contact_id: chase.contact,
				contact_email: emails.get(chase.contact),
				total_overdue: chase.overdue / 100,
				oldest_days_overdue: chase.oldest,
				overdue_documents: chase.documents.length,
			});
			// The day is the summary's; a document in the business's currency gives its amount once.
			expect(contact).not.toHaveProperty('as_at');
			const documents = contact.documents as IDataObject[];
			expect(documents.length + ((contact.documents_left_out as number | undefined) ?? 0)).toBe(chase.documents.length);
			const days = documents.map((document) => document.days_overdue as number);
			expect(days).toEqual([...days].sort((a, b) => b - a));
			expect(days[0]).toBe(chase.oldest);
			const expected = new Map(chase.documents.map((item) => [item.id, item]));
			for (const document of documents) {
				const item = expected.get(document.document_id as string)!;
				expect([document.due_date ?? null, document.days_overdue, cents(document.outstanding_amount)]).toEqual([
					item.dueDate,
					daysFrom(item.dueDate ?? item.date, day),
					item.base,
				]);
				expect(document.document_number).toEqual(expect.any(String));
				expect(document).not.toHaveProperty('base_currency_outstanding_amount');
			}
		});
	});

	it('a small Answer Size Limit: still the totals and the most overdue customer, each cut to its oldest documents', async () => {
		runOn(TODAY);
		const [result] = await callTools(env, { overdue_invoices: { ...OVERDUE_TOOL, answerCharacters: 2_000 } }, [
			{ tool: 'overdue_invoices', arguments: { as_at: '2025-05-31' } },
		]);
		expect(result.answer!.length).toBeLessThanOrEqual(2_000);
		const answer = answerOf(result);
		const [summary, first] = answer;
		expect(summary.contacts_overdue).toBeGreaterThan(1);
		expect(first).toMatchObject({ row_type: 'contact', contact_id: (await expectedChases('2025-05-31'))[0].contact });
		const shown = answer.filter((row) => row.row_type === 'contact').length;
		expect(answer.at(-1)!.note).toMatch(
			new RegExp(`^${shown + 1} of ${(summary.contacts_overdue as number) + 1} rows shown`),
		);
		for (const contact of answer.slice(1, -1)) {
			const left = (contact.documents_left_out as number | undefined) ?? 0;
			expect((contact.documents as unknown[]).length + left).toBe(contact.overdue_documents);
		}
	});
});

describe('Report → Overdue Invoices as a node', () => {
	it('one item per customer with something overdue, every overdue document listed; suppliers likewise', async () => {
		runOn(TODAY);
		const result = await env.runNode({
			resource: 'report',
			operation: 'overdueInvoices',
			reportDate: 'custom',
			asAt: '2025-05-31',
		});
		expect(result.error).toBeUndefined();
		const items = result.json('Accounting Service');
		const chases = await expectedChases('2025-05-31');
		expect(items.map((item) => [item.contact_id, cents(item.total_overdue)])).toEqual(
			chases.map((chase) => [chase.contact, chase.overdue]),
		);
		for (const [index, item] of items.entries()) {
			expect((item.documents as IDataObject[]).map((document) => document.document_id).sort()).toEqual(
				chases[index].documents.map((document) => document.id).sort(),
			);
			expect(item).not.toHaveProperty('documents_left_out');
		}
		const suppliers = await env.runNode({
			resource: 'report',
			operation: 'overdueInvoices',
			contacts: 'suppliers',
			reportDate: 'custom',
			asAt: '2025-05-31',
		});
		expect(suppliers.error).toBeUndefined();
		const supplierIds = new Set(suppliers.json('Accounting Service').map((item) => item.contact_id));
		expect(supplierIds.size).toBeGreaterThan(0);
		expect(chases.filter((chase) => supplierIds.has(chase.contact)).length).toBeLessThan(supplierIds.size);
	});
});
