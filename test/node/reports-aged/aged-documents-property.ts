// Output Documents over random books (fast-check, the intents of aged-random-books.ts) in random
// aging periods, as at today and another day (a month end, the books' start, 29 February, a day
// of the books): each contact's documents add up to its row of Output Rows to the cent, column by
// column; and the new contact's documents are the items its records leave open on the day, worked
// out here (aged-open-items.ts); what a foreign-currency one owes in its own currency only in the
// business's (the random books relabel an invoice in dollars, and the sandbox keeps its
// outstanding amount in the business's unit). AGED_DOCUMENTS_RUNS=40 (with a longer --testTimeout) hunts longer.
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runOn, useAgedBooks, type Side } from '../aged-books';
import { expectedOpenItems, readSideRecords } from '../aged-open-items';
import { agingPeriods, intent, otherDay, windowDay, write } from '../aged-random-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { businessesOf, cents } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is the contacts written here.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);

const run = async (parameters: INodeParameters) => {
	const result = await env.runNode({ resource: 'report', ...parameters });
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

/** Cents by contact and column (and `total`), summed from the documents. */
function sumsOf(documents: IDataObject[]) {
	const sums = new Map<string, Record<string, number>>();
	for (const document of documents) {
		const contact = document.contact_id as string;
		const buckets = sums.get(contact) ?? { total: 0 };
		const amount = cents(document.base_currency_outstanding_amount);
		buckets[document.bucket as string] = (buckets[document.bucket as string] ?? 0) + amount;
		buckets.total += amount;
		sums.set(contact, buckets);
	}
	return sums;
}

describe('Output Documents over random books', () => {
	it('each contact’s documents add up to its row, column by column; the new contact’s are what its records leave open', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<Side>('debtors', 'creditors'),
				fc.array(intent, { minLength: 2, maxLength: 9 }),
				windowDay,
				otherDay,
				agingPeriods,
				async (side, intents, today, day, periods) => {
					const b = books.get(side)!;
					const contact = await b.contact();
					await write(env, b, contact, intents);
					runOn(today);
					const business = businessesOf(env)[0];
					const records = await readSideRecords(env, business, side, contact);
					for (const asAt of [today, day]) {
						const parameters = { operation: b.operation, reportDate: 'custom', asAt, ...periods };
						const documents = await run({ ...parameters, output: 'documents' });
						const rows = (await run(parameters)).filter((row) => row.row_type === 'contact');
						const columns = Object.keys(rows[0] ?? {}).filter((key) => key === 'current' || key.startsWith('days_'));
						const sums = sumsOf(documents);
						for (const [id, buckets] of sums)
							if (buckets.total === 0 && columns.every((c) => !buckets[c])) sums.delete(id);
						const fromRows = new Map(
							rows.map((row) => [
								row.contact_id as string,
								Object.fromEntries(
									[...columns, 'total']
										.map((column) => [column, cents(row[column])] as const)
										.filter(([column, amount]) => amount !== 0 || column === 'total'),
								),
							]),
						);
						const fromDocuments = new Map(
							[...sums].map(([id, buckets]) => [
								id,
								Object.fromEntries(
									Object.entries(buckets).filter(([column, amount]) => amount !== 0 || column === 'total'),
								),
							]),
						);
						expect({ side, asAt, today, periods, sums: fromDocuments }).toEqual({
							side,
							asAt,
							today,
							periods,
							sums: fromRows,
						});
						const mine = documents
							.filter((document) => document.contact_id === contact)
							.map(
								(document) =>
									`${document.document_id} ${cents(document.base_currency_outstanding_amount)} ${document.currency === business.currency ? cents(document.outstanding_amount) : document.currency}`,
							)
							.sort();
						const expected = expectedOpenItems(records, asAt)
							.filter((item) => item.contact === contact)
							.map(
								(item) =>
									`${item.id} ${item.base} ${item.currency === business.currency ? item.outstanding : item.currency}`,
							)
							.sort();
						expect({ side, asAt, today, intents, documents: mine }).toEqual({
							side,
							asAt,
							today,
							intents,
							documents: expected,
						});
					}
				},
			),
			{ numRuns: Number(process.env.AGED_DOCUMENTS_RUNS ?? 4) },
		);
	});
});
