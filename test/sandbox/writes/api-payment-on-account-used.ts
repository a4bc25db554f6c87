// A payment's money on account is an artefact of its own, as on the service: a refund naming its id
// gives it back, an allocation naming it sets it against an invoice, a receipt pays a refund's; what
// is used lowers its outstanding amount, books like any refund or allocation, and the payment whose
// money is used can no longer be changed or deleted. Payments and allocations may be dated before or
// after what they settle.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

const dataset = buildDataset({ scale: 40 });
const api = inProcessApi(dataset);
const money = (value: unknown) => Math.round(Number(value) * 100);

let customer: string;
let bank: string;
let sales: string;
let debtors: string;
beforeAll(async () => {
	customer = (
		await api.call('POST', '/contacts', undefined, {
			contact: { name: 'Payments On Account Customer', contact_type_ids: ['CUSTOMER'] },
		})
	).json.id;
	bank = (await api.all('/bank_accounts'))[0].id;
	const accounts = await api.all('/ledger_accounts?attributes=ledger_account_type,control_name');
	sales = accounts.find((account) => account.ledger_account_type.id === 'SALES').id;
	debtors = accounts.find((account) => account.control_name === 'SALES_LEDGER_CONTROL').id;
});

const payment = async (type: string, date: string, total: number, lines: object[], onAccount = 0) =>
	await api.call('POST', '/contact_payments', undefined, {
		contact_payment: {
			transaction_type_id: type,
			contact_id: customer,
			bank_account_id: bank,
			date,
			total_amount: total,
			allocated_artefacts: lines,
			...(onAccount ? { payment_on_account: { total_amount: onAccount } } : {}),
		},
	});

const invoice = async (date: string, amount: number) =>
	(
		await api.call('POST', '/sales_invoices', undefined, {
			sales_invoice: {
				contact_id: customer,
				date,
				invoice_lines: [
					{ description: 'Work', ledger_account_id: sales, quantity: 1, unit_price: amount, tax_amount: 0 },
				],
			},
		})
	).json.id as string;

const onAccountOf = async (paymentId: string) =>
	(await api.get(`/contact_payments/${paymentId}`)).json.payment_on_account;

/** The customer's balance on the debtors control account from the ledger entries up to a day, in cents. */
const ledgerBalance = async (day: string) =>
	(await api.all(`/ledger_entries?attributes=date,debit,credit,ledger_account,contact`))
		.filter((entry) => entry.ledger_account.id === debtors && entry.contact?.id === customer && entry.date <= day)
		.reduce((sum, entry) => sum + money(entry.debit) - money(entry.credit), 0);

describe('a payment on account used later', () => {
	it('a refund naming it gives it back: outstanding falls, the control account rises, the receipt is then fixed', async () => {
		const receipt = (await payment('CUSTOMER_RECEIPT', '2025-06-05', 40, [], 40)).json;
		const onAccount = receipt.payment_on_account;
		expect(onAccount).toMatchObject({ outstanding_amount: 40, status: { id: 'UNPAID' } });
		expect(onAccount.id).not.toBe(receipt.id);

		const refund = await payment('CUSTOMER_REFUND', '2025-06-20', 15, [{ artefact_id: onAccount.id, amount: 15 }]);
		expect(refund.status).toBe(201);
		expect(refund.json.allocated_artefacts[0].artefact.id).toBe(onAccount.id);
		expect(await onAccountOf(receipt.id)).toMatchObject({ outstanding_amount: 25, status: { id: 'PART_PAID' } });
		expect(await ledgerBalance('2025-06-19')).toBe(-4_000);
		expect(await ledgerBalance('2025-06-20')).toBe(-2_500);

		const tooMuch = await payment('CUSTOMER_REFUND', '2025-06-21', 30, [{ artefact_id: onAccount.id, amount: 30 }]);
		expect([tooMuch.status, tooMuch.json[0]?.$source]).toEqual([422, 'allocated_artefacts.0.amount']);
		const wrongSign = await payment('CUSTOMER_RECEIPT', '2025-06-21', 5, [{ artefact_id: onAccount.id, amount: 5 }]);
		expect([wrongSign.status, wrongSign.json[0]?.$source]).toEqual([422, 'allocated_artefacts.0.amount']);

		const change = await api.call('PUT', `/contact_payments/${receipt.id}`, undefined, {
			contact_payment: { date: '2025-06-06' },
		});
		expect(change.status).toBe(422);
		expect((await api.call('DELETE', `/contact_payments/${receipt.id}`)).status).toBe(422);

		// Removing the refund gives the money back on account, and the receipt can change again.
		expect((await api.call('DELETE', `/contact_payments/${refund.json.id}`)).status).toBe(204);
		expect(await onAccountOf(receipt.id)).toMatchObject({ outstanding_amount: 40, status: { id: 'UNPAID' } });
		expect(await ledgerBalance('2025-06-30')).toBe(-4_000);
	});

	it('an allocation naming it sets it against an invoice dated later; the invoice shows it among its allocations', async () => {
		const receipt = (await payment('CUSTOMER_RECEIPT', '2025-07-05', 40, [], 40)).json;
		const owed = await invoice('2025-07-25', 100);
		const allocation = await api.call('POST', '/contact_allocations', undefined, {
			contact_allocation: {
				transaction_type_id: 'CUSTOMER_ALLOCATION',
				contact_id: customer,
				date: '2025-07-10',
				allocated_artefacts: [
					{ artefact_id: owed, amount: 40 },
					{ artefact_id: receipt.payment_on_account.id, amount: -40 },
				],
			},
		});
		expect(allocation.status).toBe(201);
		expect(await onAccountOf(receipt.id)).toMatchObject({ outstanding_amount: 0, status: { id: 'PAID' } });
		const shown = (await api.get(`/sales_invoices/${owed}?show_payments_allocations=true`)).json;
		expect(shown.outstanding_amount).toBe(60);
		expect(shown.payments_allocations).toEqual([
			expect.objectContaining({
				date: '2025-07-10',
				amount: 40,
				artefact: expect.objectContaining({ id: receipt.payment_on_account.id }),
			}),
		]);
	});

	it('a refund left on account is owed by the customer; a receipt naming it pays it', async () => {
		const refund = (await payment('CUSTOMER_REFUND', '2025-08-05', 40, [], 40)).json;
		expect(refund.payment_on_account).toMatchObject({ total_amount: 40, outstanding_amount: 40 });
		const before = await ledgerBalance('2025-08-05');
		const paid = await payment('CUSTOMER_RECEIPT', '2025-08-09', 40, [
			{ artefact_id: refund.payment_on_account.id, amount: 40 },
		]);
		expect(paid.status).toBe(201);
		expect(await onAccountOf(refund.id)).toMatchObject({ outstanding_amount: 0 });
		expect((await ledgerBalance('2025-08-09')) - before).toBe(-4_000);
	});

	it('an id that is no money on account, or another business’s, names nothing', async () => {
		const receipt = (await payment('CUSTOMER_RECEIPT', '2025-09-01', 10, [], 10)).json;
		const refund = await payment('CUSTOMER_REFUND', '2025-09-02', 10, [{ artefact_id: receipt.id, amount: 10 }]);
		expect([refund.status, refund.json[0]?.$source]).toEqual([422, 'allocated_artefacts.0.artefact_id']);
	});
});
