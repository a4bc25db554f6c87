// Aged Debtors as at a past day on a business of 2,000 sales invoices, about 1,600 of them paid:
// more than the report reads whole (agedReads.ts READ_IN_PART_OVER), the invoices are read as those
// open now and those changed since the day's end (or since a payment or allocation dated after the
// day was entered, if earlier), not all of them (issue 49). Over random histories entered partly
// by the end of the day and partly after it — payments dated ahead of the day, backdated payments
// and invoices entered late, payments deleted or moved to another date, invoices voided — each new
// customer's figure is its balance on the control account's ledger entries up to the end of the
// day, and the report's total is the control account's. And what the read costs, counted in the
// sandbox's log.
import fc from 'fast-check';

import { createClock } from '../../../sandbox/clock';
import { dayFrom, enteredBooks, step, type Step } from '../aged-entered-books';
import { ledgerOn, runOn, useAgedBooks } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { allRecords } from '../report-books';

const INVOICES = 2_000;
// The service's clock starts after the sandbox's history and moves forward as each case enters its steps.
const clock = createClock(Date.UTC(2025, 6, 1, 8));
const env = useConnectedSandbox({ scale: INVOICES, smallLead: true, clock });
const books = useAgedBooks(env);

const clockDay = () => new Date(clock.now()).toISOString().slice(0, 10);
const query = (path: string) => new URLSearchParams(decodeURIComponent(path).split('?')[1] ?? '');
const total = async (path: string) => Number((await env.fetchDirect(`${path}&items_per_page=1`)).body.$total);
const pages = (records: number) => Math.max(1, Math.ceil(records / 200));

/** The clock moved to that day's morning; the credential renewed (its access token has run out meanwhile). */
async function moveTo(day: string) {
	clock.advance(Math.max(0, (Date.parse(`${day}T09:00:00Z`) - clock.now()) / 1000));
	const renewed = await env.runNode({ resource: 'contact', operation: 'search', limit: 1, searchText: 'Aged' });
	expect(renewed.error).toBeUndefined();
}

/** A sales invoices request of the whole list dated up to the day (a page after the first): the kind read whole. */
const readsWhole = (path: string) => {
	const asked = query(path);
	return (
		path.startsWith('/sales_invoices') &&
		asked.has('to_date') &&
		asked.has('page') &&
		!asked.has('status_id') &&
		!asked.has('updated_or_created_since')
	);
};

/**
 * A new customer's steps entered by the end of a day (`ahead` days after the clock's), then the
 * clock past the day and `later` entered; the report as at the day beside the ledger, and whether
 * it read the sales invoices whole.
 */
async function caseAsAt(ahead: number, byTheDay: Step[], later: Step[]) {
	const b = books.get('debtors')!;
	const day = dayFrom(clockDay(), ahead);
	const contact = await b.contact();
	const write = enteredBooks(env, b, contact, day);
	await write(byTheDay);
	await moveTo(dayFrom(day, 1));
	await write(later);
	runOn(dayFrom(day, 2));
	const ledger = ledgerOn(await b.controlEntries(day), day, 'debtors');
	const position = env.sandbox.log.entries().length;
	const report = await b.reportAsAt(day);
	return {
		day,
		contact: report.byContact.get(contact) ?? 0,
		total: report.total,
		ledgerContact: ledger.byContact.get(contact) ?? 0,
		ledgerTotal: ledger.control,
		readWhole: env.apiRequestsSince(position).some((entry) => readsWhole(decodeURIComponent(entry.path))),
	};
}

describe('Aged Debtors as at a past day, the sales invoices read in part', () => {
	it('reads the open invoices and those changed since the day, with one change check, and fewer pages than the whole list', async () => {
		const asAt = '2025-05-31';
		runOn(clockDay());
		const position = env.sandbox.log.entries().length;
		const report = await books.get('debtors')!.reportAsAt(asAt, { includePaymentsOnAccount: true });
		const requests = env.apiRequestsSince(position).filter((entry) => entry.path.startsWith('/sales_invoices'));
		// X: the end of the day, or the first entry of a payment or allocation dated after it.
		const [firstAfter] = (
			await env.fetchDirect(
				`/contact_payments?from_date=2025-06-01&sort=created_at:asc&items_per_page=1&attributes=created_at`,
			)
		).body.$items as Array<{ created_at: string }>;
		const allocations = (
			(await allRecords(
				env,
				'/contact_allocations?transaction_type_id=CUSTOMER_ALLOCATION&attributes=date,created_at',
				{},
			)) as Array<{
				date: string;
				created_at: string;
			}>
		).filter((allocation) => allocation.date > asAt);
		const since = new Date(
			Math.min(
				Date.parse('2025-06-01T00:00:00Z'),
				...[firstAfter, ...allocations].filter(Boolean).map((r) => Date.parse(r.created_at)),
			) - 1000,
		)
			.toISOString()
			.replace(/\.\d{3}Z$/, '+00:00');
		const lists = [
			...['UNPAID', 'PART_PAID', 'DISPUTED'].map((status) => `/sales_invoices?to_date=${asAt}&status_id=${status}`),
			`/sales_invoices?to_date=${asAt}&updated_or_created_since=${encodeURIComponent(since)}`,
		];
		const listPages = (await Promise.all(lists.map(total))).reduce((sum, records) => sum + pages(records), 0);
		const whole = await total(`/sales_invoices?to_date=${asAt}`);
		const changeChecks = requests.filter((entry) => query(entry.path).get('items_per_page') === '1').length;
		const datedAhead = requests.filter((entry) => query(entry.path).get('sort') === 'created_at:asc').length;
		// The lists, one shared check of two requests, at most one page of those dated ahead.
		expect({ requests: requests.length, changeChecks }).toEqual({
			requests: listPages + 2 + datedAhead,
			changeChecks: 2,
		});
		expect(datedAhead).toBeLessThanOrEqual(1);
		expect(requests.length).toBeLessThan(pages(whole) + 2);
		expect(report.total).toBe(ledgerOn(await books.get('debtors')!.controlEntries(asAt), asAt, 'debtors').control);
	});

	it('a payment dated after the day but entered by it pulls X back: the invoice it paid is read, still owed on the day', async () => {
		const read = await caseAsAt(
			0,
			[
				{ t: 'invoice', offset: -5, cents: 10_000 },
				{ t: 'pay', offset: 1, pick: 0, share: 100, onAccount: 0 },
			],
			[],
		);
		expect(read).toEqual({ ...read, contact: 10_000, readWhole: false });
		expect(read.contact).toBe(read.ledgerContact);
		expect(read.total).toBe(read.ledgerTotal);
	});

	it('a payment entered by the day paying an invoice dated after it: the invoice is placed after the day by the page of those entered ahead', async () => {
		const read = await caseAsAt(
			0,
			[
				{ t: 'invoice', offset: 2, cents: 10_000 },
				{ t: 'pay', offset: -1, pick: 0, share: 100, onAccount: 0 },
			],
			[],
		);
		expect(read).toEqual({ ...read, contact: -10_000, readWhole: false });
		expect(read.contact).toBe(read.ledgerContact);
		expect(read.total).toBe(read.ledgerTotal);
	});

	it('an invoice paid off by an allocation of a credit note dated after the day owed it then: the invoices are read whole', async () => {
		const read = await caseAsAt(
			0,
			[
				{ t: 'invoice', offset: -5, cents: 10_000 },
				{ t: 'credit', offset: 2, cents: 10_000 },
				{ t: 'allocate', offset: -1, owed: 0, credit: 0, share: 100 },
			],
			[],
		);
		expect(read).toEqual({ ...read, contact: 10_000, readWhole: true });
		expect(read.contact).toBe(read.ledgerContact);
		expect(read.total).toBe(read.ledgerTotal);
	});

	it('every new customer’s figure is its ledger balance and the total ties to the control account, as at random past days', async () => {
		let inPart = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 0, max: 2 }),
				fc.array(step, { minLength: 2, maxLength: 8 }),
				fc.array(step, { minLength: 1, maxLength: 6 }),
				async (ahead, byTheDay, later) => {
					const read = await caseAsAt(ahead, byTheDay, later);
					if (!read.readWhole) inPart++;
					expect({ day: read.day, contact: read.contact, total: read.total }).toEqual({
						day: read.day,
						contact: read.ledgerContact,
						total: read.ledgerTotal,
					});
				},
			),
			{ numRuns: Number(process.env.AGED_RUNS ?? 8) },
		);
		// The cases ran the read in part, not only its fallback.
		expect(inPart).toBeGreaterThan(0);
	});
});
