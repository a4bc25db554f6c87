// A hunt for wrong figures in Aged Debtors and Creditors as at a day (issue 50, items 1-4): the
// neighbours of the cases. Every expected figure is the contact's balance on the control
// account's ledger entries up to the end of the day (aged-books.ts ledgerOn), or days counted here
// from the calendar, never with the package's helpers.
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { reportBesideLedger, runOn, SIDES, useAgedBooks, type Side } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { writeDirect } from '../direct-writes';
import { allRecords, businessesOf, businessParameter, cents, postDirect } from '../report-books';

// Small books: every report reads them whole, and what is checked is the contacts written here.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);

const asAt = async (side: Side, contact: string, day: string) => ({
	day,
	...(await reportBesideLedger(books.get(side)!, contact, day)),
});
const tied = (day: string, ledger: number) => ({ day, report: ledger, ledger, difference: 0 });
/** The contact's figure on the report is its balance on the ledger as at the day, and the totals tie. */
const expectTied = async (side: Side, contact: string, day: string) => {
	const figures = await asAt(side, contact, day);
	expect(figures).toEqual(tied(day, figures.ledger));
};

const QUICK = { debtors: 'sales_quick_entries', creditors: 'purchase_quick_entries' } as const;
const QUICK_WRAPPER = { debtors: 'sales_quick_entry', creditors: 'purchase_quick_entry' } as const;
const LINE_TYPE = { debtors: 'SALES', creditors: 'DIRECT_EXPENSES' } as const;

async function quickEntry(side: Side, contact: string, date: string, amount: number, credit: boolean) {
	const accounts = await allRecords(env, '/ledger_accounts?attributes=ledger_account_type', {});
	const account = accounts.find((a) => (a.ledger_account_type as IDataObject).id === LINE_TYPE[side])!.id;
	return (
		await postDirect(env, `/${QUICK[side]}`, {
			[QUICK_WRAPPER[side]]: {
				quick_entry_type_id: credit ? 'CREDIT_NOTE' : 'INVOICE',
				contact_id: contact,
				ledger_account_id: account,
				date,
				reference: `QE ${date} ${amount}`,
				net_amount: amount,
				tax_amount: 0,
			},
		})
	).id as string;
}

describe.each(SIDES)('hunt: aged %s', (side) => {
	const b = () => books.get(side)!;

	it('quick entries (invoice and credit note), part paid, as at a past day and today', async () => {
		const contact = await b().contact();
		const owed = await quickEntry(side, contact, '2025-05-02', 100, false);
		const credit = await quickEntry(side, contact, '2025-05-03', 30, true);
		await b().payment(contact, '2025-05-10', [{ artefact_id: owed, amount: 20 }]);
		await b().allocation(contact, '2025-05-20', [
			{ artefact_id: owed, amount: 10 },
			{ artefact_id: credit, amount: -10 },
		]);
		await b().payment(contact, '2025-06-10', [{ artefact_id: owed, amount: 5 }]);
		for (const day of ['2025-05-05', '2025-05-15', '2025-05-25']) {
			expect(await asAt(side, contact, day)).toEqual(tied(day, (await b().ledgerAsAt(day)).byContact.get(contact)!));
		}
		runOn('2025-05-25');
		expect(await asAt(side, contact, '2025-05-25')).toEqual(tied('2025-05-25', 5_000));
	});

	it('a receipt dated 10 May part-paying three documents dated 1, 12 and 20 May', async () => {
		const contact = await b().contact();
		const first = await b().invoice(contact, '2025-05-01', 100, '2025-05-31');
		const second = await b().invoice(contact, '2025-05-12', 100, '2025-06-12');
		const third = await b().invoice(contact, '2025-05-20', 100, '2025-06-20');
		await b().payment(contact, '2025-05-10', [
			{ artefact_id: first, amount: 30 },
			{ artefact_id: second, amount: 40, discount: 5 },
			{ artefact_id: third, amount: 50 },
		]);
		const days = ['2025-05-09', '2025-05-10', '2025-05-11', '2025-05-12', '2025-05-15', '2025-05-20', '2025-05-25'];
		for (const day of days) await expectTied(side, contact, day);
		for (const today of ['2025-05-11', '2025-05-15']) {
			runOn(today);
			await expectTied(side, contact, today);
		}
	});

	it('a credit note refunded before and after the day, and a refund dated before its credit note', async () => {
		const contact = await b().contact();
		const note = await b().creditNote(contact, '2025-05-05', 100);
		await b().refund(contact, '2025-05-03', [{ artefact_id: note, amount: 60 }]);
		await b().refund(contact, '2025-05-20', [{ artefact_id: note, amount: 40 }]);
		for (const day of ['2025-05-02', '2025-05-03', '2025-05-05', '2025-05-15', '2025-05-20'])
			await expectTied(side, contact, day);
		runOn('2025-05-15');
		expect(await asAt(side, contact, '2025-05-15')).toEqual(tied('2025-05-15', -4_000));
	});

	it('money on account used after the day by a refund and an allocation, in parts', async () => {
		const contact = await b().contact();
		const paid = await b().payment(contact, '2025-05-05', [], 100);
		const onAccount = (paid.payment_on_account as { id: string }).id;
		const owed = await b().invoice(contact, '2025-05-01', 70, '2025-05-31');
		await b().allocation(contact, '2025-05-12', [
			{ artefact_id: owed, amount: 50 },
			{ artefact_id: onAccount, amount: -50 },
		]);
		await b().refund(contact, '2025-05-18', [{ artefact_id: onAccount, amount: 30 }]);
		for (const day of ['2025-05-04', '2025-05-05', '2025-05-12', '2025-05-15', '2025-05-18', '2025-05-31'])
			await expectTied(side, contact, day);
		for (const today of ['2025-05-10', '2025-05-15']) {
			runOn(today);
			await expectTied(side, contact, today);
		}
	});
});

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const column = (daysPast: number) =>
	daysPast <= 0
		? 'current'
		: daysPast <= 30
			? 'days_1_30'
			: daysPast <= 60
				? 'days_31_60'
				: daysPast <= 90
					? 'days_61_90'
					: 'days_over_90';
const COLUMNS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'];

describe.each(SIDES)('hunt: aged %s columns at their edges', (side) => {
	const b = () => books.get(side)!;
	const PAST = [0, 1, 30, 31, 60, 61, 90, 91];

	it.each(['dueDate', 'documentDate'] as const)(
		'as at 1 March 2024 (after 29 February), aged by %s, 0 to 91 days past',
		async (ageBy) => {
			const day = '2024-03-01';
			const contact = await b().contact();
			const expected: Record<string, number> = Object.fromEntries(COLUMNS.map((name) => [name, 0]));
			for (const [k, past] of PAST.entries()) {
				const agedFrom = shift(day, -past);
				const amount = 10 + k;
				// By due date the invoice is raised 10 days before it is due; by document date it is due 10 days after.
				if (ageBy === 'dueDate') await b().invoice(contact, shift(agedFrom, -10), amount, agedFrom);
				else await b().invoice(contact, agedFrom, amount, shift(agedFrom, 10));
				expected[column(past)] += amount * 100;
			}
			const { rows } = await b().reportAsAt(day, { ageBy });
			const row = rows.find((candidate) => candidate.contact_id === contact)!;
			expect(Object.fromEntries(COLUMNS.map((name) => [name, cents(row[name])]))).toEqual(expected);
		},
	);
});

describe.each(SIDES)('hunt: aged %s, a payment netting a document dated after the day', (side) => {
	const b = () => books.get(side)!;
	const owedOn = async (contact: string, day: string, extra: INodeParameters = {}) => {
		const { rows } = await b().reportAsAt(day, extra);
		const row = rows.find((candidate) => candidate.contact_id === contact);
		return Object.fromEntries(['total', ...COLUMNS].map((name) => [name, cents(row?.[name] ?? 0)]));
	};

	// A receipt of 70.00 on 10 May paying an invoice of 100.00 (due 31 March) and setting against it a
	// credit note of 30.00 dated 20 May: on 15 May the credit note did not exist, so 30.00 of the
	// invoice was still owed, 45 days past its due date. No money was on account at any time.
	async function nettedBooks() {
		const contact = await b().contact();
		const owed = await b().invoice(contact, '2025-03-01', 100, '2025-03-31');
		const note = await b().creditNote(contact, '2025-05-20', 30);
		await b().payment(contact, '2025-05-10', [
			{ artefact_id: owed, amount: 100 },
			{ artefact_id: note, amount: -30 },
		]);
		expect((await b().ledgerAsAt('2025-05-15')).byContact.get(contact)).toBe(3_000);
		return contact;
	}
	const owed45DaysPast = { total: 3_000, current: 0, days_1_30: 0, days_31_60: 3_000, days_61_90: 0, days_over_90: 0 };

	it('the invoice’s 30.00 still owed ages from its due date (31–60 days), not from the receipt’s date', async () => {
		const contact = await nettedBooks();
		expect(await owedOn(contact, '2025-05-15')).toEqual(owed45DaysPast);
	});

	it('as at today (15 May), the invoice shown paid now is owed 30.00 from its due date', async () => {
		const contact = await nettedBooks();
		runOn('2025-05-15');
		expect(await owedOn(contact, '2025-05-15')).toEqual(owed45DaysPast);
	});

	it('a refund of 70.00 on 10 May for a credit note of 100.00 less an invoice of 20 May of 30.00: 30.00 of the note stands', async () => {
		const contact = await b().contact();
		const note = await b().creditNote(contact, '2025-03-01', 100);
		const later = await b().invoice(contact, '2025-05-20', 30, '2025-06-20');
		await b().refund(contact, '2025-05-10', [
			{ artefact_id: note, amount: 100 },
			{ artefact_id: later, amount: -30 },
		]);
		expect((await b().ledgerAsAt('2025-05-15')).byContact.get(contact)).toBe(-3_000);
		// A credit note ages from its own date: 75 days as at 15 May.
		const expected = { total: -3_000, current: 0, days_1_30: 0, days_31_60: 0, days_61_90: -3_000, days_over_90: 0 };
		expect(await owedOn(contact, '2025-05-15')).toEqual(expected);
		runOn('2025-05-15');
		expect(await owedOn(contact, '2025-05-15')).toEqual(expected);
	});

	it('without payments on account, the 30.00 still owed counts: no money was on account', async () => {
		const contact = await nettedBooks();
		expect(await owedOn(contact, '2025-05-15', { includePaymentsOnAccount: false })).toEqual(owed45DaysPast);
	});
});

describe.each(SIDES)('hunt: aged %s, documents removed and payments entered ahead', (side) => {
	const b = () => books.get(side)!;

	it('an invoice voided (sales) or deleted (purchases) after the day, and a payment dated tomorrow as at today', async () => {
		const contact = await b().contact();
		const gone = await b().invoice(contact, '2025-05-01', 100, '2025-05-31');
		const kept = await b().invoice(contact, '2025-05-02', 50, '2025-06-01');
		const path = `/${b().invoicePath}/${gone}${side === 'debtors' ? '?void_reason=Raised%20in%20error' : ''}`;
		expect((await writeDirect(env, 'DELETE', path)).status).toBeLessThan(300);
		await b().payment(contact, '2025-05-16', [{ artefact_id: kept, amount: 50 }]);
		expect(await asAt(side, contact, '2025-05-10')).toEqual(
			tied('2025-05-10', (await b().ledgerAsAt('2025-05-10')).byContact.get(contact) ?? 0),
		);
		runOn('2025-05-15');
		for (const includePaymentsOnAccount of [true, false]) {
			const report = await b().reportAsAt('2025-05-15', { includePaymentsOnAccount });
			expect([includePaymentsOnAccount, report.byContact.get(contact)]).toEqual([
				includePaymentsOnAccount,
				(await b().ledgerAsAt('2025-05-15')).byContact.get(contact),
			]);
		}
	});

	it('as at a past day, nothing is read per document', async () => {
		const position = env.sandbox.log.entries().length;
		await b().reportAsAt('2025-05-31');
		await b().reportAsAt('2025-05-31', { includePaymentsOnAccount: false });
		const paths = env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0]);
		expect(paths.filter((path) => path.split('/').filter(Boolean).length > 1)).toEqual([]);
	});
});

describe('hunt: aged debtors under All Businesses', () => {
	it('each business’s summary is the one it has alone, as at a past day', async () => {
		const all = await env.runNode({
			resource: 'report',
			operation: 'agedDebtors',
			business: { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' },
			reportDate: 'custom',
			asAt: '2025-05-31',
			output: 'summary',
		});
		expect(all.error).toBeUndefined();
		const summaries = all.json('Accounting Service');
		for (const business of businessesOf(env)) {
			const alone = await env.runNode({
				resource: 'report',
				operation: 'agedDebtors',
				...businessParameter(business),
				reportDate: 'custom',
				asAt: '2025-05-31',
				output: 'summary',
			});
			const [own] = alone.json('Accounting Service');
			const within = summaries.find((summary) => summary.business_id === business.id)!;
			expect([business.key, cents(within.total), cents(within.difference)]).toEqual([
				business.key,
				cents(own.total),
				cents(own.difference),
			]);
		}
	});
});

describe.each(SIDES)('hunt: aged %s, a refund left on account paid back later', (side) => {
	const b = () => books.get(side)!;

	it('40.00 refunded on account on 5 May, paid back by a receipt of 20 May: owed 40.00 on 15 May', async () => {
		const contact = await b().contact();
		const refund = await b().refund(contact, '2025-05-05', [], 40);
		const onAccount = (refund.payment_on_account as { id: string }).id;
		await b().payment(contact, '2025-05-20', [{ artefact_id: onAccount, amount: 25, discount: 5 }]);
		for (const day of ['2025-05-15', '2025-05-20']) await expectTied(side, contact, day);
		runOn('2025-05-15');
		expect(await asAt(side, contact, '2025-05-15')).toEqual(tied('2025-05-15', 4_000));
	});
});

describe('hunt: aged reports over random netting payments', () => {
	const day = fc.integer({ min: 0, max: 40 }).map((offset) => shift('2025-05-01', offset));
	const document = fc.record({ credit: fc.boolean(), day, cents: fc.integer({ min: 100, max: 20_000 }) });

	it('each contact’s figure is its ledger balance on every day, whatever the payment set against what', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<Side>('debtors', 'creditors'),
				fc.array(document, { minLength: 2, maxLength: 4 }),
				fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 4, maxLength: 4 }),
				day,
				fc.integer({ min: 0, max: 5_000 }),
				fc.boolean(),
				day,
				day,
				async (side, documents, shares, paidOn, onAccount, refund, today, asAtDay) => {
					const b = books.get(side)!;
					const contact = await b.contact();
					const lines: Array<{ artefact_id: string; amount: number }> = [];
					let total = onAccount;
					for (const [k, drawn] of documents.entries()) {
						const id = drawn.credit
							? await b.creditNote(contact, drawn.day, drawn.cents / 100)
							: await b.invoice(contact, drawn.day, drawn.cents / 100, shift(drawn.day, 20));
						const part = Math.max(1, Math.floor((drawn.cents * shares[k]) / 100));
						// A receipt pays invoices and sets credit notes against them; a refund the other way round.
						const sign = drawn.credit === refund ? 1 : -1;
						lines.push({ artefact_id: id, amount: (sign * part) / 100 });
						total += sign * part;
					}
					// Keep the payment's money positive: drop the lines against it from the end until it is.
					while (total <= 0 && lines.length) total -= Math.round(lines.pop()!.amount * 100);
					if (total <= 0) return;
					await b.payment(contact, paidOn, lines, onAccount / 100, refund);
					runOn(today);
					for (const asAt of [asAtDay, today]) {
						const ledger = (await b.ledgerAsAt(asAt)).byContact.get(contact) ?? 0;
						const { rows } = await b.reportAsAt(asAt);
						const row = rows.find((candidate) => candidate.contact_id === contact);
						const columns = COLUMNS.reduce((sum, name) => sum + cents(row?.[name] ?? 0), 0);
						expect({ asAt, today, report: cents(row?.total ?? 0), columns }).toEqual({
							asAt,
							today,
							report: ledger,
							columns: ledger,
						});
					}
				},
			),
			{ numRuns: Number(process.env.AGED_RUNS ?? 3) },
		);
	});
});
