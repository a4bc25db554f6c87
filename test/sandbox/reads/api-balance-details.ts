// Ledger accounts' `show_balance_details` (list and item GET), in process: each account's period
// debits and credits are checked against the ledger entries summed here (read through
// /ledger_entries) and against /trial_balance for the same dates, in every seeded business; the
// required dates are refused like /trial_balance refuses them; the dates never narrow the list;
// and a sales invoice booked through the API moves both alike.
import { buildDataset } from '../../../sandbox/data';
import { createValidator } from '../../../sandbox/openapi/validator';
import { inProcessApi } from '../in-process';

const dataset = buildDataset();
const { get, all } = inProcessApi(dataset);
const lead = dataset.leadBusinessId;

const cents = (value: number | string) => Math.round(Number(value) * 100);
const details = (from: string, to: string) => `show_balance_details=true&from_date=${from}&to_date=${to}`;

type Movements = Map<string, { debit: number; credit: number }>;

/** Debits and credits per ledger account id, in cents, summed from listed entries. */
function sumsByAccount(entries: any[]): Movements {
	const out: Movements = new Map();
	for (const e of entries) {
		const sums = out.get(e.ledger_account.id) ?? { debit: 0, credit: 0 };
		sums.debit += cents(e.debit);
		sums.credit += cents(e.credit);
		out.set(e.ledger_account.id, sums);
	}
	return out;
}

const movementsOf = (entries: any[], from: string, to: string) =>
	sumsByAccount(entries.filter((e) => e.date >= from && e.date <= to));
const NONE = { debit: 0, credit: 0 };

async function trialBalanceOf(from: string, to: string, business: string): Promise<Movements> {
	const reply = await get(`/trial_balance?from_date=${from}&to_date=${to}`, business);
	expect(reply.status).toBe(200);
	return new Map(
		reply.json.ledger_accounts.map((a: any) => [a.id, { debit: cents(a.debit), credit: cents(a.credit) }]),
	);
}

const PERIODS: Array<[string, string]> = [
	['2023-07-01', '2025-06-30'],
	['2024-01-01', '2024-12-31'],
	['2024-03-15', '2024-03-15'],
	['2025-04-06', '2025-06-30'],
	['2020-01-01', '2020-12-31'],
];

describe.each(dataset.businesses.map((b) => [b.key, b.id]))('in the %s business', (key, business) => {
	let entries: any[];
	let accounts: any[];
	beforeAll(async () => {
		entries = await all('/ledger_entries?attributes=date,debit,credit,ledger_account', business);
		accounts = await all('/ledger_accounts', business);
	});

	test.each(PERIODS)('%s to %s: the period’s entries per account, as /trial_balance has them', async (from, to) => {
		const listed = await all(`/ledger_accounts?${details(from, to)}`, business);
		expect(listed.map((a) => a.id)).toEqual(accounts.map((a) => a.id));
		const expected = movementsOf(entries, from, to);
		const trial = await trialBalanceOf(from, to, business);
		for (const account of listed) {
			const { debit, credit } = expected.get(account.id) ?? NONE;
			expect(account.balance_details).toEqual({
				balance: Math.abs(debit - credit) / 100,
				credit_or_debit: debit >= credit ? 'debit' : 'credit',
				credits: credit / 100,
				debits: debit / 100,
				from_date: from,
				to_date: to,
			});
			expect(trial.get(account.id) ?? NONE).toEqual({ debit, credit });
		}
		if (from === PERIODS[0][0]) {
			expect(expected.size).toBeGreaterThan(3);
			expect(listed.some((a) => a.balance_details.credit_or_debit === 'credit')).toBe(true);
		}
	});

	test('the item GET answers what the list answers', async () => {
		const [from, to] = PERIODS[1];
		const listed = await all(`/ledger_accounts?${details(from, to)}`, business);
		for (const account of listed.slice(0, 6)) {
			const item = await get(`/ledger_accounts/${account.id}?${details(from, to)}`, business);
			expect(item.status).toBe(200);
			expect(item.json.nominal_code).toEqual(expect.any(Number));
			expect(item.json.balance_details).toEqual(account.balance_details);
		}
	}, 20_000);

	if (key !== 'lead') return;

	test('a date-time names the day it is written on', async () => {
		const byDay = await all(`/ledger_accounts?${details('2024-01-01', '2024-06-30')}`, business);
		const byTime = await all(
			`/ledger_accounts?show_balance_details=true&from_date=2024-01-01T00:00:00Z&to_date=${encodeURIComponent('2024-06-30T23:30:00+05:00')}`,
			business,
		);
		expect(byTime.map((a) => a.balance_details)).toEqual(byDay.map((a) => a.balance_details));
	});
});

describe('which items carry balance_details', () => {
	const period = details('2024-01-01', '2024-12-31');
	const KEYS = ['balance', 'credit_or_debit', 'credits', 'debits', 'from_date', 'to_date'];

	test.each([
		['summaries', ''],
		['named attributes', '&attributes=ledger_account_type,nominal_code'],
		['full records', '&attributes=all'],
	])('every item of the list, as %s', async (_, attributes) => {
		const items = await all(`/ledger_accounts?${period}${attributes}`);
		expect(items).toHaveLength(dataset.count(lead, 'ledger_accounts'));
		for (const item of items) expect(Object.keys(item.balance_details).sort()).toEqual(KEYS);
		if (attributes.includes('nominal_code'))
			expect(items.every((i) => typeof i.nominal_code === 'number' && 'ledger_account_type' in i)).toBe(true);
	});

	test('full records with balance_details validate strictly against LedgerAccount', async () => {
		const validate = createValidator({ strict: true });
		const items = await all(`/ledger_accounts?${period}&attributes=all`);
		for (const item of items) expect([item.id, validate('LedgerAccount', item)]).toEqual([item.id, []]);
	});

	test.each([
		['without the flag', '/ledger_accounts?attributes=all&from_date=2024-01-01&to_date=2024-12-31'],
		[
			'with the flag false',
			'/ledger_accounts?attributes=all&show_balance_details=false&from_date=2024-01-01&to_date=2024-12-31',
		],
		['when attributes names it', '/ledger_accounts?attributes=balance_details,nominal_code'],
	])('none %s', async (_, path) => {
		const items = await all(path);
		expect(items.length).toBe(dataset.count(lead, 'ledger_accounts'));
		expect(items.some((i) => 'balance_details' in i)).toBe(false);
	});

	test('none on the item GET without the flag', async () => {
		const [account] = await all('/ledger_accounts');
		const item = await get(`/ledger_accounts/${account.id}?from_date=2024-01-01&to_date=2024-12-31`);
		expect(item.status).toBe(200);
		expect('balance_details' in item.json).toBe(false);
		const summary = await get(`/ledger_accounts/${account.id}?attributes=nominal_code&${period}`);
		expect(Object.keys(summary.json)).toEqual(['id', 'displayed_as', '$path', 'nominal_code', 'balance_details']);
	});
});

describe('the dates', () => {
	const refused = async (query: string, source: string) => {
		const [account] = await all('/ledger_accounts');
		for (const path of [`/ledger_accounts?${query}`, `/ledger_accounts/${account.id}?${query}`]) {
			const reply = await get(path);
			expect([path, reply.status]).toEqual([path, 400]);
			expect(reply.json).toEqual([
				{ $severity: 'error', $dataCode: 'InvalidParameter', $message: expect.any(String), $source: source },
			]);
		}
	};

	test.each([
		['show_balance_details=true', 'from_date'],
		['show_balance_details=true&to_date=2024-12-31', 'from_date'],
		['show_balance_details=true&from_date=2024-01-01', 'to_date'],
		['show_balance_details=true&from_date=&to_date=', 'from_date'],
		['show_balance_details=true&from_date=2024-01-01&to_date=', 'to_date'],
		['show_balance_details=true&from_date=2024-02-30&to_date=2024-12-31', 'from_date'],
		['show_balance_details=true&from_date=2024-01-01&to_date=31/12/2024', 'to_date'],
		['show_balance_details=true&from_date=2024-07-01&to_date=2024-06-30', 'to_date'],
		['show_balance_details=TRUE&from_date=2024-07-01&to_date=2024-06-30', 'to_date'],
		['show_balance_details=yes&from_date=2024-01-01&to_date=2024-12-31', 'show_balance_details'],
		['from_date=soon', 'from_date'],
	])('%s is refused, naming %s', (query, source) => refused(query, source));

	test.each([
		'from_date=2024-01-01&to_date=2024-01-31',
		'from_date=2030-01-01',
		'to_date=2000-01-01',
		'from_date=2024-07-01&to_date=2024-06-30',
		'from_date=2024-01-01T10:00:00Z&show_balance_details=false',
	])('without the flag, %s drops no ledger account', async (query) => {
		const plain = await all('/ledger_accounts');
		const dated = await all(`/ledger_accounts?${query}`);
		expect(dated.map((a) => a.id)).toEqual(plain.map((a) => a.id));
		expect(dated).toHaveLength(dataset.count(lead, 'ledger_accounts'));
	});

	test('with the flag, the dates drop no ledger account either, whatever it moved', async () => {
		const items = await all(`/ledger_accounts?${details('2020-01-01', '2020-01-31')}`);
		expect(items).toHaveLength(dataset.count(lead, 'ledger_accounts'));
		expect(items.every((i) => i.balance_details.debits === 0 && i.balance_details.credits === 0)).toBe(true);
	});
});

test("amounts: 'string' sends the amounts as decimal strings", async () => {
	const strings = inProcessApi(buildDataset({ amounts: 'string' }));
	const period = details('2024-01-01', '2024-12-31');
	const asNumbers = await all(`/ledger_accounts?${period}`);
	const asStrings = await strings.all(`/ledger_accounts?${period}`);
	expect(asStrings.map((a) => a.id)).toEqual(asNumbers.map((a) => a.id));
	asStrings.forEach((account, k) => {
		const expected = asNumbers[k].balance_details;
		expect(account.balance_details).toEqual({
			...expected,
			balance: expected.balance.toFixed(2),
			credits: expected.credits.toFixed(2),
			debits: expected.debits.toFixed(2),
		});
	});
	const item = await strings.get(`/ledger_accounts/${asStrings[0].id}?attributes=nominal_code&${period}`);
	expect(item.json.balance_details.debits).toBe(asNumbers[0].balance_details.debits.toFixed(2));
});

test('a sales invoice booked, then voided, through the API moves balance_details as it moves /trial_balance', async () => {
	const books = buildDataset();
	const api = inProcessApi(books);
	const business = books.leadBusinessId;
	const [from, to] = ['2025-06-01', '2025-06-30'];
	const balances = async () =>
		new Map((await api.all(`/ledger_accounts?${details(from, to)}`)).map((a) => [a.id, a.balance_details]));
	const agreesWithTrialBalance = async () => {
		const trial = await api.get(`/trial_balance?from_date=${from}&to_date=${to}`);
		const byId = new Map(trial.json.ledger_accounts.map((a: any) => [a.id, a]));
		for (const [id, d] of await balances()) {
			const row: any = byId.get(id) ?? { debit: '0', credit: '0' };
			expect([id, cents(d.debits), cents(d.credits)]).toEqual([id, cents(row.debit), cents(row.credit)]);
		}
	};
	const before = await balances();

	const [customer] = await api.all('/contacts?contact_type_id=CUSTOMER');
	const [sales] = await api.all('/ledger_accounts?ledger_account_type_id=SALES');
	const created = await api.call('POST', '/sales_invoices', business, {
		sales_invoice: {
			contact_id: customer.id,
			date: '2025-06-15',
			invoice_lines: [
				{ description: 'Catering', ledger_account_id: sales.id, quantity: 3, unit_price: 40, tax_amount: 24 },
			],
		},
	});
	expect(created.status).toBe(201);
	const booked = await api.all(
		`/ledger_entries?transaction_id=${created.json.transaction.id}&attributes=debit,credit,ledger_account`,
	);
	expect(booked.reduce((s, e) => s + cents(e.debit), 0)).toBe(14_400);

	const after = await balances();
	const invoiceMoved = sumsByAccount(booked);
	for (const [id, was] of before) {
		const moved = invoiceMoved.get(id) ?? NONE;
		const now = after.get(id);
		expect([id, cents(now.debits) - cents(was.debits), cents(now.credits) - cents(was.credits)]).toEqual([
			id,
			moved.debit,
			moved.credit,
		]);
	}
	expect(after.get(sales.id).credits - before.get(sales.id).credits).toBeCloseTo(120, 2);
	await agreesWithTrialBalance();

	const voided = await api.call('DELETE', `/sales_invoices/${created.json.id}?void_reason=Duplicate`, business);
	expect(voided.status).toBe(200);
	expect(await balances()).toEqual(before);
	await agreesWithTrialBalance();
});
