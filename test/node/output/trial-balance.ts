import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const FROM = '2024-04-01';
const TO = '2025-03-31';
const AMOUNT_COLUMNS = [
	'opening_debit',
	'opening_credit',
	'debit',
	'credit',
	'closing_debit',
	'closing_credit',
] as const;

const env = useConnectedSandbox();

type Business = { id: string; key: string };
const businessByKey = (key: string) =>
	(env.sandbox.dataset.businesses as Business[]).find((business) => business.key === key)!;

const trialBalance = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'trialBalance',
	operation: 'get',
	fromDate: FROM,
	toDate: TO,
	...extra,
});

/** A decimal string as an exact integer of millionths: no floating point anywhere in the sums. */
function exact(amount: unknown): bigint {
	const match = typeof amount === 'string' ? /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(amount) : null;
	if (!match) throw new Error(`not a decimal string: ${JSON.stringify(amount)}`);
	const units = BigInt(match[2] + (match[3] ?? '').padEnd(6, '0'));
	return match[1] ? -units : units;
}
const total = (rows: IDataObject[], column: string) => rows.reduce((sum, row) => sum + exact(row[column]), 0n);

/** The service's report flattened by hand, to compare the node's rows with. */
const expectedRows = (report: IDataObject) =>
	(report.ledger_accounts as IDataObject[]).map((account) => {
		const opening = account.opening_balance as IDataObject;
		const closing = account.closing_balance as IDataObject;
		return {
			ledger_account_id: account.id,
			ledger_account_name: account.displayed_as,
			opening_debit: opening.debit,
			opening_credit: opening.credit,
			debit: account.debit,
			credit: account.credit,
			closing_debit: closing.debit,
			closing_credit: closing.credit,
			from_date: report.from_date,
			to_date: report.to_date,
		};
	});

const query = `from_date=${FROM}&to_date=${TO}`;

describe('Trial Balance → Get, business data', () => {
	it.each(['lead', 'second', 'invited'])(
		'%s business: one flat row per ledger account, and debits equal credits, to the cent',
		async (key) => {
			const business = businessByKey(key);
			const headers: Record<string, string> = key === 'lead' ? {} : { 'X-Business': business.id };
			const direct = await env.fetchDirect(`/trial_balance?${query}`, headers);
			const position = env.sandbox.log.entries().length;

			const result = await env.runNode(
				trialBalance(key === 'lead' ? {} : { business: { __rl: true, mode: 'id', value: business.id } }),
			);

			expect(result.error).toBeUndefined();
			expect(env.apiRequestsSince(position).map(({ path, business: sent }) => ({ path, sent }))).toEqual([
				{ path: `/trial_balance?${query}`, sent: key === 'lead' ? null : business.id },
			]);
			const rows = result.json(NODE);
			expect(rows).toEqual(expectedRows(direct.body));
			expect(rows.length).toBeGreaterThan(3);
			for (const row of rows) {
				for (const column of AMOUNT_COLUMNS) expect(row[column]).toMatch(/^\d+\.\d{2}$/);
			}
			expect(total(rows, 'debit')).toBeGreaterThan(0n);
			expect(total(rows, 'opening_debit')).toBeGreaterThan(0n);
			expect(total(rows, 'opening_debit')).toBe(total(rows, 'opening_credit'));
			expect(total(rows, 'debit')).toBe(total(rows, 'credit'));
			expect(total(rows, 'closing_debit')).toBe(total(rows, 'closing_credit'));
		},
	);

	it('Whole Report gives the service’s report unchanged, as one item', async () => {
		const direct = await env.fetchDirect(`/trial_balance?${query}`);

		const result = await env.runNode(trialBalance({ options: { output: 'report' } }));

		expect(result.error).toBeUndefined();
		expect(result.json(NODE)).toEqual([direct.body]);
	});

	it('date-times count by their day, and a one-day period is allowed', async () => {
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(trialBalance({ fromDate: '2024-06-30T00:00:00', toDate: '2024-06-30T23:59:59' }));

		expect(result.error).toBeUndefined();
		expect(env.apiRequestsSince(position).map((entry) => entry.path)).toEqual([
			'/trial_balance?from_date=2024-06-30&to_date=2024-06-30',
		]);
		const rows = result.json(NODE);
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) expect(row).toMatchObject({ from_date: '2024-06-30', to_date: '2024-06-30' });
	});
});

describe('Trial Balance → Get, sample data', () => {
	it('asks /test/trial_balance and gives the service’s static sample, balanced', async () => {
		const direct = await env.fetchDirect(`/test/trial_balance?${query}`);
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(trialBalance({ source: 'sample' }));

		expect(result.error).toBeUndefined();
		expect(env.apiRequestsSince(position).map((entry) => entry.path)).toEqual([`/test/trial_balance?${query}`]);
		const rows = result.json(NODE);
		expect(rows).toEqual(expectedRows(direct.body));
		const business = (await env.fetchDirect(`/trial_balance?${query}`)).body.ledger_accounts as IDataObject[];
		expect(rows.map((row) => row.ledger_account_id)).not.toEqual(business.map((account) => account.id));
		expect(total(rows, 'debit')).toBe(total(rows, 'credit'));
		expect(total(rows, 'closing_debit')).toBe(total(rows, 'closing_credit'));
	});
});

describe('Amounts As: Numbers', () => {
	it('rows carry the same amounts as numbers', async () => {
		const strings = (await env.runNode(trialBalance())).json(NODE);

		const result = await env.runNode(trialBalance({ options: { amountsAs: 'number' } }));

		expect(result.error).toBeUndefined();
		const rows = result.json(NODE);
		expect(rows).toHaveLength(strings.length);
		expect(rows.some((row) => !Number.isInteger(row.debit))).toBe(true);
		for (const [index, row] of rows.entries()) {
			for (const column of AMOUNT_COLUMNS) {
				expect(typeof row[column]).toBe('number');
				expect(row[column]).toBe(Number(strings[index][column]));
			}
			expect(row.ledger_account_id).toBe(strings[index].ledger_account_id);
		}
	});

	it('the whole report keeps its shape, with every debit and credit a number', async () => {
		const direct = (await env.fetchDirect(`/test/trial_balance?${query}`)).body;

		const result = await env.runNode(
			trialBalance({ source: 'sample', options: { output: 'report', amountsAs: 'number' } }),
		);

		expect(result.error).toBeUndefined();
		const [report] = result.json(NODE);
		const numbers = (side: IDataObject) => ({ debit: Number(side.debit), credit: Number(side.credit) });
		expect(report).toEqual({
			...direct,
			ledger_accounts: (direct.ledger_accounts as IDataObject[]).map((account) => ({
				...account,
				opening_balance: numbers(account.opening_balance as IDataObject),
				closing_balance: numbers(account.closing_balance as IDataObject),
				...numbers(account),
			})),
		});
	});
});

describe('dates are checked before any request', () => {
	it.each([
		[
			'an impossible day',
			{ fromDate: '2024-02-30' },
			/^Invalid "From Date": expected a date as YYYY-MM-DD, got "2024-02-30"/,
		],
		['a day in another format', { toDate: '31/03/2025' }, /^Invalid "To Date": expected a date as YYYY-MM-DD/],
		[
			'no From Date',
			{ fromDate: '={{ "" }}' },
			/^Invalid "From Date": expected a date as YYYY-MM-DD, got an empty text/,
		],
		['From after To', { fromDate: '2025-04-01' }, /^Invalid "From Date": 2025-04-01 is after To Date 2025-03-31/],
	])('%s fails, naming the field, and sends nothing', async (_case, dates, message) => {
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(trialBalance(dates));

		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});

	it('a bad item fails alone with Continue On Fail; the good one still gets its report', async () => {
		const result = await env.runNode(
			trialBalance({ source: 'sample', fromDate: '={{ $json.from }}', options: { output: 'report' } }),
			{ continueOnFail: true },
			{ input: [{ from: '2025-12-01' }, { from: '2025-01-01' }] },
		);

		expect(result.error).toBeUndefined();
		const [failed, report] = result.items(NODE);
		expect(failed).toMatchObject({
			json: { error: expect.stringMatching(/^Invalid "From Date"/) },
			pairedItem: { item: 0 },
		});
		expect(report).toMatchObject({ json: { from_date: '2025-01-01', to_date: TO }, pairedItem: { item: 1 } });
	});
});
