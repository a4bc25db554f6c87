// A hunt (issue 52, Report → Overdue Invoices) over random books (fast-check, the intents of
// aged-random-books.ts) in random aging periods, as at today and another day: a new contact's item
// is exactly what its records leave overdue on the day, worked out here (aged-open-items.ts): every
// item still owed past its due date (an opening balance or a refund on account: its date), its
// days overdue, what is overdue in each column, its credits and its balance; no item when nothing
// is overdue. AGED_OVERDUE_RUNS=30 hunts longer.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { runOn, useAgedBooks, type Side } from '../aged-books';
import { columnFor, daysFrom, expectedOpenItems, readSideRecords } from '../aged-open-items';
import { agingPeriods, intent, otherDay, windowDay, write } from '../aged-random-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { businessesOf, cents } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is the contacts it writes.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);

const CONTACTS = { debtors: 'customers', creditors: 'suppliers' } as const;

describe('hunt: Overdue Invoices over random books', () => {
	it('the new contact’s item is what its records leave overdue on the day, column by column', async () => {
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
					const records = await readSideRecords(env, businessesOf(env)[0], side, contact);
					for (const asAt of [today, day]) {
						const result = await env.runNode({
							resource: 'report',
							operation: 'overdueInvoices',
							contacts: CONTACTS[side],
							reportDate: 'custom',
							asAt,
							...periods,
						});
						expect(result.error).toBeUndefined();
						const item = (result.json(NODE) as IDataObject[]).find((entry) => entry.contact_id === contact);
						const open = expectedOpenItems(records, asAt).filter((entry) => entry.contact === contact);
						const overdue = open
							.map((entry) => ({ ...entry, days: daysFrom(entry.dueDate ?? entry.date, asAt) }))
							.filter((entry) => entry.base > 0 && entry.days > 0)
							.sort((a, b) => b.days - a.days);
						const columns: Record<string, number> = {};
						for (const entry of overdue) {
							const column = columnFor(entry.days, periods.agingPeriodDays, periods.agingPeriods);
							columns[column] = (columns[column] ?? 0) + entry.base;
						}
						const expected =
							overdue.length === 0
								? undefined
								: {
										total_overdue: overdue.reduce((sum, entry) => sum + entry.base, 0),
										oldest_days_overdue: overdue[0].days,
										columns,
										credits: open.filter((entry) => entry.base < 0).reduce((sum, entry) => sum + entry.base, 0),
										balance: open.reduce((sum, entry) => sum + entry.base, 0),
										documents: overdue.map((entry) => `${entry.id} ${entry.days} ${entry.base}`).sort(),
									};
						const seen =
							item === undefined
								? undefined
								: {
										total_overdue: cents(item.total_overdue),
										oldest_days_overdue: item.oldest_days_overdue,
										columns: Object.fromEntries(
											Object.entries(item)
												.filter(([key, value]) => key.startsWith('days_') && cents(value) !== 0)
												.map(([key, value]) => [key, cents(value)]),
										),
										credits: cents(item.credits),
										balance: cents(item.balance),
										documents: (item.documents as IDataObject[])
											.map(
												(document) =>
													`${document.document_id} ${document.days_overdue} ${cents(document.base_currency_outstanding_amount)}`,
											)
											.sort(),
									};
						expect({ side, asAt, today, periods, item: seen }).toEqual({
							side,
							asAt,
							today,
							periods,
							item: expected,
						});
					}
				},
			),
			{ numRuns: Number(process.env.AGED_OVERDUE_RUNS ?? 3) },
		);
	});
});
