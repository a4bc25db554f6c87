// Amounts: the OpenAPI types them as numbers, the spec's trial balance sends decimal strings, and
// services of this kind often send every decimal as a string. The node depends on neither: the
// same behaviour against a service sending numbers and one sending decimal strings.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { useTriggerSandbox } from '../trigger-sandbox';

const NODE = 'Accounting Service';
const TRIGGER = 'Accounting Service Trigger';
const AMOUNT_COLUMNS = ['opening_debit', 'opening_credit', 'debit', 'credit', 'closing_debit', 'closing_credit'];

/** Cents of an amount the service sent either way; refuses anything that is neither. */
function cents(amount: unknown): number {
	if (typeof amount === 'number') return Math.round(amount * 100);
	if (typeof amount === 'string' && /^-?\d+(\.\d+)?$/.test(amount)) return Math.round(Number(amount) * 100);
	throw new Error(`not an amount: ${JSON.stringify(amount)}`);
}
const sum = (rows: IDataObject[], column: string) => rows.reduce((total, row) => total + cents(row[column]), 0);

describe.each(['number', 'string'] as const)('a service that sends amounts as %ss', (amounts) => {
	describe('records', () => {
		const env = useConnectedSandbox({ amounts, trialBalanceAmounts: amounts });

		it('Get Many outputs every record exactly as the service sent it, amounts untouched', async () => {
			const result = await env.runNode({
				resource: 'salesInvoice',
				operation: 'getAll',
				limit: 20,
				output: 'raw',
				options: { attributes: 'all' },
			});
			expect(result.error).toBeUndefined();
			const items = result.json(NODE);
			const direct = (await env.fetchDirect('/sales_invoices?items_per_page=20&attributes=all')).body
				.$items as IDataObject[];
			expect(items).toEqual(direct);
			for (const item of items) {
				expect(typeof item.total_amount).toBe(amounts);
				expect(cents(item.net_amount) + cents(item.tax_amount)).toBe(cents(item.total_amount));
			}
		});

		it('Simplified rows give each amount as the number of the service’s decimal, whichever way it was sent', async () => {
			const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 20 });
			const rows = result.json(NODE);
			const direct = (await env.fetchDirect('/sales_invoices?items_per_page=20&attributes=all')).body
				.$items as IDataObject[];
			rows.forEach((row, index) => {
				for (const column of ['net_amount', 'tax_amount', 'total_amount', 'outstanding_amount']) {
					expect(typeof row[column]).toBe('number');
					expect(row[column]).toBe(Number(direct[index][column]));
				}
			});
		});

		it('Get of a contact payment keeps its allocations’ amounts as sent', async () => {
			const [first] = (await env.fetchDirect('/contact_payments?items_per_page=1')).body.$items as IDataObject[];
			const result = await env.runNode({
				resource: 'contactPayment',
				operation: 'get',
				id: { __rl: true, mode: 'id', value: String(first.id) },
				output: 'raw',
			});
			const [payment] = result.json(NODE);
			expect(payment).toEqual((await env.fetchDirect(`/contact_payments/${String(first.id)}`)).body);
			expect(typeof payment.total_amount).toBe(amounts);
		});

		it.each(['string', 'number'] as const)(
			'trial balance as flat rows with amounts as %ss: one row per account, balanced to the cent',
			async (amountsAs) => {
				const result = await env.runNode({
					resource: 'trialBalance',
					operation: 'get',
					fromDate: '2024-04-01',
					toDate: '2025-03-31',
					options: { amountsAs },
				});
				expect(result.error).toBeUndefined();
				const rows = result.json(NODE);
				const report = (await env.fetchDirect('/trial_balance?from_date=2024-04-01&to_date=2025-03-31')).body;
				expect(rows).toHaveLength((report.ledger_accounts as IDataObject[]).length);
				for (const row of rows) for (const column of AMOUNT_COLUMNS) expect(typeof row[column]).toBe(amountsAs);
				expect(sum(rows, 'debit')).toBe(sum(rows, 'credit'));
				expect(sum(rows, 'closing_debit')).toBe(sum(rows, 'closing_credit'));
				expect(sum(rows, 'opening_debit') - sum(rows, 'opening_credit')).toBe(0);
				const accounts = report.ledger_accounts as Array<{ debit: unknown }>;
				expect(rows.map((row) => cents(row.debit))).toEqual(accounts.map((account) => cents(account.debit)));

				const whole = await env.runNode({
					resource: 'trialBalance',
					operation: 'get',
					fromDate: '2024-04-01',
					toDate: '2025-03-31',
					options: { amountsAs, output: 'report' },
				});
				const [reportItem] = whole.json(NODE);
				const wholeAccounts = reportItem.ledger_accounts as Array<{
					debit: unknown;
					closing_balance: { credit: unknown };
				}>;
				expect(wholeAccounts.map((account) => typeof account.debit)).toEqual(wholeAccounts.map(() => amountsAs));
				expect(wholeAccounts.map((account) => cents(account.debit))).toEqual(
					accounts.map((account) => cents(account.debit)),
				);
				expect(typeof wholeAccounts[0].closing_balance.credit).toBe(amountsAs);
			},
		);
	});

	describe('trigger', () => {
		const env = useTriggerSandbox({ amounts });

		it('a new invoice arrives once, with its amounts as the service sent them', async () => {
			const poller = env.poller({ output: 'raw' });
			await poller.activate();
			env.clock.advance(60);
			const record = env.create('sales_invoices');
			const { json } = await poller.poll();
			expect(json).toEqual([{ ...record, change_type: 'created' }]);
			expect(typeof record.total_amount).toBe(amounts);
			expect(json[0].total_amount).toBe(record.total_amount);
			env.clock.advance(60);
			expect((await poller.poll()).items).toEqual([]);
		});
	});
});
