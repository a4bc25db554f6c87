// A receipt dated by the day that sets a credit note dated after it against an invoice: on the day
// the receipt's money was the invoice less the credit note, so the invoice was still owed that much
// (onTheDay.ts unsettledOnTheDay). On books with no customer opening balance and without payments
// on account, the report did not read the receipts at all, and counted the invoice paid off: the
// customer's figure and the total stopped tying to the control account.
import { agedBooks, ledgerOn, runOn } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { allRecords, businessesOf } from '../report-books';

const env = useConnectedSandbox({ scale: 40, smallLead: true });

describe('Aged Debtors without payments on account, on books with no opening balance due', () => {
	beforeAll(async () => {
		// Nothing of the lead's customers brought forward: no opening balance makes the report read the receipts.
		const lead = businessesOf(env)[0].id;
		for (const balance of await allRecords(env, '/contact_opening_balances?contact_type_id=CUSTOMER', {}))
			env.sandbox.dataset.deleteRecord(lead, 'contact_opening_balances', balance.id as string);
	});

	/** A new customer's invoice of 100.00 (5 June), credit note of 30.00 (20 June) and the receipt of 70.00 netting them (10 June). */
	async function nettedReceipt() {
		const b = agedBooks(env, 'debtors');
		const contact = await b.contact();
		const invoice = await b.invoice(contact, '2025-06-05', 100, '2025-06-05');
		const credit = await b.creditNote(contact, '2025-06-20', 30);
		await b.payment(contact, '2025-06-10', [
			{ artefact_id: invoice, amount: 100 },
			{ artefact_id: credit, amount: -30 },
		]);
		return { b, contact };
	}

	it.each([
		['a past day (15 June, run on 15 July)', '2025-07-15'],
		['today (15 June)', '2025-06-15'],
	])(
		'as at %s, a receipt dated by the day netting a credit note dated after it leaves the invoice owed the credit note’s amount then',
		async (_, today) => {
			const { b, contact } = await nettedReceipt();
			runOn(today);
			const day = '2025-06-15';
			const ledger = ledgerOn(await b.controlEntries(day), day, 'debtors');
			const report = await b.reportAsAt(day, { includePaymentsOnAccount: false });
			expect(ledger.byContact.get(contact)).toBe(3_000);
			expect(report.byContact.get(contact) ?? 0).toBe(3_000);
		},
	);
});
