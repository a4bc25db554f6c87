// Aged Debtors and Creditors as at a day, the cases of issue 50 on both sides: a payment on account
// used after the day (as at a past day, and as at today by a payment entered ahead), money allocated
// to a document dated after the day, a credit note dated after the day set against an earlier
// invoice, a refund left on account. Each contact's figure must be its balance on the control
// account's ledger entries up to the day, and the report's total the control account's (difference 0;
// the summary's own difference too, on two of the days).
import { reportBesideLedger, runOn, SIDES, useAgedBooks, type Side } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';

// Small books: every report reads them whole, and what is checked is the contacts written here.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);

/**
 * The contact's figure on the report and on the ledger as at the day, and the difference; the
 * ledger's figure is there so the case can check its books say what the case means.
 */
const asAt = (side: Side, contact: string, day: string) => reportBesideLedger(books.get(side)!, contact, day);

/** The summary's own difference, and whether its control account balance is the ledger's. */
async function summaryDifference(side: Side, day: string) {
	const summary = await books.get(side)!.summaryAsAt(day);
	return {
		difference: summary.difference,
		controlMatchesLedger: summary.control === (await books.get(side)!.ledgerAsAt(day)).control,
	};
}

const tied = (ledger: number) => ({ report: ledger, ledger, difference: 0 });

describe.each(SIDES)('aged %s as at a day', (side) => {
	const b = () => books.get(side)!;

	it('a payment on account refunded after a past day still counts on that day (40.00 on 5 June, refunded 20 June, as at 15 June)', async () => {
		const contact = await b().contact();
		const paid = await b().payment(contact, '2025-06-05', [], 40);
		expect(await asAt(side, contact, '2025-06-15')).toEqual(tied(-4_000));
		const onAccount = (paid.payment_on_account as { id: string }).id;
		await b().refund(contact, '2025-06-20', [{ artefact_id: onAccount, amount: 40 }]);

		expect(await asAt(side, contact, '2025-06-15')).toEqual(tied(-4_000));
		expect(await asAt(side, contact, '2025-06-20')).toEqual(tied(0));
		expect(await summaryDifference(side, '2025-06-15')).toEqual({ difference: 0, controlMatchesLedger: true });
	});

	it('a payment on account used by an allocation dated after a past day still counts on that day', async () => {
		const contact = await b().contact();
		const owed = await b().invoice(contact, '2025-06-01', 100, '2025-06-30');
		const paid = await b().payment(contact, '2025-06-05', [], 40);
		const onAccount = (paid.payment_on_account as { id: string }).id;
		await b().allocation(contact, '2025-06-25', [
			{ artefact_id: owed, amount: 40 },
			{ artefact_id: onAccount, amount: -40 },
		]);

		expect(await asAt(side, contact, '2025-06-15')).toEqual(tied(6_000));
		expect(await asAt(side, contact, '2025-06-25')).toEqual(tied(6_000));
	});

	it('as at today (15 July), a payment on account refunded by a refund dated ahead (20 July) still counts', async () => {
		runOn('2025-07-15');
		const contact = await b().contact();
		const paid = await b().payment(contact, '2025-07-05', [], 40);
		const onAccount = (paid.payment_on_account as { id: string }).id;
		await b().refund(contact, '2025-07-20', [{ artefact_id: onAccount, amount: 40 }]);

		expect(await asAt(side, contact, '2025-07-15')).toEqual(tied(-4_000));
	});

	it('money allocated to a document dated after the day is on account until then (150.00 on 10 May: 100.00 to 1 May, 50.00 to 20 May)', async () => {
		const contact = await b().contact();
		const first = await b().invoice(contact, '2025-05-01', 100, '2025-05-31');
		const later = await b().invoice(contact, '2025-05-20', 50, '2025-06-19');
		await b().payment(contact, '2025-05-10', [
			{ artefact_id: first, amount: 100 },
			{ artefact_id: later, amount: 50 },
		]);

		expect(await asAt(side, contact, '2025-05-15')).toEqual(tied(-5_000));
		expect(await asAt(side, contact, '2025-05-20')).toEqual(tied(0));
		expect(await summaryDifference(side, '2025-05-15')).toEqual({ difference: 0, controlMatchesLedger: true });
	});

	it('as at today, money allocated to a document dated ahead is on account', async () => {
		runOn('2025-07-15');
		const contact = await b().contact();
		const first = await b().invoice(contact, '2025-07-01', 100, '2025-07-31');
		const later = await b().invoice(contact, '2025-07-22', 50, '2025-08-21');
		await b().payment(contact, '2025-07-10', [
			{ artefact_id: first, amount: 100 },
			{ artefact_id: later, amount: 50 },
		]);

		expect(await asAt(side, contact, '2025-07-15')).toEqual(tied(-5_000));
	});

	it('a credit note dated after the day, allocated before it against an earlier invoice, does not count (as at 15 May)', async () => {
		const contact = await b().contact();
		const owed = await b().invoice(contact, '2025-05-01', 100, '2025-05-31');
		const credit = await b().creditNote(contact, '2025-05-20', 30);
		await b().allocation(contact, '2025-05-10', [
			{ artefact_id: owed, amount: 30 },
			{ artefact_id: credit, amount: -30 },
		]);

		expect(await asAt(side, contact, '2025-05-15')).toEqual(tied(10_000));
		expect(await asAt(side, contact, '2025-05-20')).toEqual(tied(7_000));
	});

	it('as at today, a credit note dated ahead allocated against an invoice does not count yet', async () => {
		runOn('2025-07-15');
		const contact = await b().contact();
		const owed = await b().invoice(contact, '2025-07-01', 100, '2025-07-31');
		const credit = await b().creditNote(contact, '2025-07-25', 30);
		await b().allocation(contact, '2025-07-10', [
			{ artefact_id: owed, amount: 30 },
			{ artefact_id: credit, amount: -30 },
		]);

		expect(await asAt(side, contact, '2025-07-15')).toEqual(tied(10_000));
	});

	it('a refund left on account counts from its date (40.00 on 5 June)', async () => {
		const contact = await b().contact();
		await b().refund(contact, '2025-06-05', [], 40);

		expect(await asAt(side, contact, '2025-06-04')).toEqual(tied(0));
		expect(await asAt(side, contact, '2025-06-15')).toEqual(tied(4_000));
	});
});
