// Aged Debtors and Creditors over random books (fast-check): invoices and credit notes, opening
// balances, part payments with discounts, payments dated before or after what they pay, money on
// account later allocated or refunded, refunds of credit notes or left on account, allocations dated
// before or after either side, a foreign-currency invoice; then random days (today, month ends,
// the books' start, 29 February, days of the books). On every day each new contact's figure is its
// balance on the control account's ledger entries up to the end of the day, and the report's total
// is the control account's, whatever was entered after the day. AGED_RUNS=50 (with a longer
// --testTimeout) hunts longer than the 10 runs the suite can afford.
import fc from 'fast-check';

import { ledgerOn, runOn, useAgedBooks, type Side } from '../aged-books';
import { FIXED_DAYS, intent, windowDay, write } from '../aged-random-books';
import { useConnectedSandbox } from '../connected-sandbox';

// Small books: every report reads them whole, and what is checked is the contacts written here.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);

describe('aged reports over random books', () => {
	it('every contact’s figure is its ledger balance and the total ties to the control account, on every day', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<Side>('debtors', 'creditors'),
				fc.array(intent, { minLength: 2, maxLength: 9 }),
				windowDay,
				fc.array(fc.oneof(windowDay, fc.constantFrom(...FIXED_DAYS)), { minLength: 1, maxLength: 1 }),
				async (side, intents, today, days) => {
					const b = books.get(side)!;
					const contact = await b.contact();
					await write(env, b, contact, intents);
					runOn(today);
					const asAtDays = [today, ...days];
					const entries = await b.controlEntries(asAtDays.reduce((latest, day) => (day > latest ? day : latest)));
					for (const day of asAtDays) {
						const ledger = ledgerOn(entries, day, side);
						const report = await b.reportAsAt(day);
						expect({ side, day, today, contact: report.byContact.get(contact) ?? 0, total: report.total }).toEqual({
							side,
							day,
							today,
							contact: ledger.byContact.get(contact) ?? 0,
							total: ledger.control,
						});
					}
				},
			),
			{ numRuns: Number(process.env.AGED_RUNS ?? 5) },
		);
	});
});
