// A hunt (issue 53, Cash Flow Forecast, Expected Day: Due Date + Contact's Days Late): a
// contact's average days late is taken over its invoices "dated in the 12 months up to the day
// before the start" (docs/reports.md). The 12 months up to 28 February 2025, a month's last day,
// are March 2024 to February 2025; an invoice of 29 February 2024 is no part of them, as the
// 12 months up to 31 March 2025 hold no invoice of 31 March 2024. The expected days are worked out
// here from the invoices written, never with the package's helpers.
import type { IDataObject } from 'n8n-workflow';

import { useAgedBooks } from '../aged-books';
import { plusDays } from '../aged-open-items';
import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is the customers it writes.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);
const customers = () => books.get('debtors')!;

describe('hunt: Cash Flow Forecast, the 12 months of paid invoices a contact’s days late come from', () => {
	it.each([
		// Start, the invoice just before the 12 months (its date), the one inside them.
		['2025-03-01', '2024-02-29', '2025-01-10'],
		['2025-04-01', '2024-03-31', '2025-01-10'],
	])(
		'from %s: the invoice of %s, before the 12 months up to the day before, does not move the expected day',
		async (start, outside, inside) => {
			const customer = await customers().contact();
			const paid = async (date: string, amount: number, daysLate: number) => {
				const due = plusDays(date, 30);
				const id = await customers().invoice(customer, date, amount, due);
				await customers().payment(customer, plusDays(due, daysLate), [{ artefact_id: id, amount }]);
			};
			// 60 days late on 1,000.00 just outside the 12 months; 10 days late on 100.00 inside them.
			await paid(outside, 1000, 60);
			await paid(inside, 100, 10);
			const due = plusDays(start, 21);
			await customers().invoice(customer, plusDays(start, -9), 50, due);

			const result = await env.runNode({
				resource: 'report',
				operation: 'cashFlowForecast',
				startDate: start,
				expectedDay: 'averageDaysLate',
				includeDocuments: true,
				horizon: 26,
			});
			expect(result.error).toBeUndefined();
			const rows = (result.json(NODE) as IDataObject[]).filter((row) => row.contact_id === customer);
			// Only the invoice inside the 12 months counts: 10 days late, so due + 10 days.
			expect(rows.map((row) => [row.due_date, row.expected_date, row.amount])).toEqual([[due, plusDays(due, 10), 50]]);
		},
	);
});
