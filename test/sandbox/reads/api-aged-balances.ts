// What an aged debtors or aged creditors report reads, in process: open documents by status up to a
// day with the fields the report needs (each list compared with the whole collection filtered here),
// and a payment on account made through the API, listed by its transaction type up to its day.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

const dataset = buildDataset();
const { call, all } = inProcessApi(dataset);
const businessOf = (key: string) => dataset.businesses.find((b) => b.key === key)!.id;

const ids = (items: any[]) => items.map((item) => item.id).sort();
const AGED = 'contact,contact_name,date,due_date,base_currency_outstanding_amount,status';
const OPEN = ['UNPAID', 'PART_PAID', 'DISPUTED'];
const TO_DATE = '2024-12-31';

// [collection, business, whether its OpenAPI definition has due_date (credit notes have none)]
const DOCUMENTS: Array<[string, string, boolean]> = [
	['sales_invoices', 'lead', true],
	['sales_credit_notes', 'lead', false],
	['sales_corrective_invoices', 'second', true],
	['sales_quick_entries', 'lead', true],
	['purchase_invoices', 'lead', true],
	['purchase_credit_notes', 'lead', false],
	['purchase_corrective_invoices', 'second', true],
	['purchase_quick_entries', 'lead', true],
];

describe.each(DOCUMENTS)('%s (%s business)', (collection, key, hasDueDate) => {
	const business = businessOf(key);
	const quick = collection.endsWith('quick_entries');
	const attributes = quick ? `${AGED},quick_entry_type` : AGED;
	let everything: any[];
	beforeAll(async () => {
		everything = await all(`/${collection}?attributes=status,date,outstanding_amount,total_amount`, business);
	});

	test.each(OPEN)(`status_id=%s&to_date=${TO_DATE} lists exactly those, each with the aged fields`, async (status) => {
		const listed = await all(
			`/${collection}?status_id=${status}&to_date=${TO_DATE}&attributes=${attributes}`,
			business,
		);
		const expected = everything.filter((d) => d.status.id === status && d.date <= TO_DATE);
		expect(ids(listed)).toEqual(ids(expected));
		const outstanding = new Map(everything.map((d) => [d.id, d]));
		for (const item of listed) {
			expect(item.status.id).toBe(status);
			expect(item.date <= TO_DATE).toBe(true);
			expect(item.contact).toEqual({
				id: expect.stringMatching(/^[0-9a-f]{32}$/),
				displayed_as: expect.any(String),
				$path: `/contacts/${item.contact.id}`,
			});
			expect(item.contact_name).toEqual(expect.any(String));
			expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			if (hasDueDate) expect(item.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			else expect('due_date' in item).toBe(false);
			expect(item.base_currency_outstanding_amount).toBe(outstanding.get(item.id).outstanding_amount);
			expect(item.base_currency_outstanding_amount).toBeGreaterThan(0);
			if (quick) expect(['INVOICE', 'CREDIT_NOTE']).toContain(item.quick_entry_type.id);
		}
	});

	test('to_date keeps the documents dated on or before that day', async () => {
		const day = everything.map((d) => d.date).sort()[Math.floor(everything.length / 2)];
		const listed = await all(`/${collection}?to_date=${day}&attributes=date`, business);
		expect(ids(listed)).toEqual(ids(everything.filter((d) => d.date <= day)));
		expect(listed.some((d) => d.date === day)).toBe(true);
	});
});

test('the seeded books have open documents of every open status to age', async () => {
	const lead = businessOf('lead');
	for (const [collection, status] of [
		['sales_invoices', 'UNPAID'],
		['sales_invoices', 'PART_PAID'],
		['sales_invoices', 'DISPUTED'],
		['purchase_invoices', 'DISPUTED'],
		['sales_credit_notes', 'UNPAID'],
		['purchase_quick_entries', 'PART_PAID'],
	]) {
		const reply = await call('GET', `/${collection}?status_id=${status}&to_date=${TO_DATE}`, lead);
		expect([collection, status, reply.json.$total > 0]).toEqual([collection, status, true]);
	}
	const spain = businessOf('second');
	expect((await call('GET', '/purchase_corrective_invoices?status_id=UNPAID', spain)).json.$total).toBeGreaterThan(0);
});

describe('payments on account', () => {
	const lead = businessOf('lead');
	const PAYMENT_ATTRIBUTES = 'contact,date,payment_on_account';

	async function payOnAccount(type: string, contactType: string, amount: number) {
		const [contact] = await all(`/contacts?contact_type_id=${contactType}&attributes=name`, lead);
		const [bank] = await all('/bank_accounts', lead);
		const reply = await call('POST', '/contact_payments', lead, {
			contact_payment: {
				transaction_type_id: type,
				contact_id: contact.id,
				bank_account_id: bank.id,
				date: '2025-05-01',
				total_amount: amount,
				payment_on_account: { total_amount: amount },
			},
		});
		expect(reply.status).toBe(201);
		return { payment: reply.json, contact };
	}

	test.each([
		['CUSTOMER_RECEIPT', 'CUSTOMER', 120.5],
		['VENDOR_PAYMENT', 'VENDOR', 75.25],
	])('a %s made through the API lists with its payment on account', async (type, contactType, amount) => {
		const { payment, contact } = await payOnAccount(type, contactType, amount);
		const listed = await all(
			`/contact_payments?transaction_type_id=${type}&to_date=2025-05-01&attributes=${PAYMENT_ATTRIBUTES}`,
			lead,
		);
		const everything = await all('/contact_payments?attributes=transaction_type,date', lead);
		expect(ids(listed)).toEqual(
			ids(everything.filter((p) => p.transaction_type.id === type && p.date <= '2025-05-01')),
		);
		const mine = listed.find((p) => p.id === payment.id);
		expect(mine.contact.id).toBe(contact.id);
		expect(mine.date).toBe('2025-05-01');
		expect(mine.payment_on_account).toEqual(
			expect.objectContaining({
				contact: expect.objectContaining({ id: contact.id, $path: `/contacts/${contact.id}` }),
				contact_name: contact.name,
				date: '2025-05-01',
				total_amount: amount,
				outstanding_amount: amount,
				base_currency_outstanding_amount: amount,
				status: expect.objectContaining({ id: 'UNPAID' }),
			}),
		);

		const before = await all(`/contact_payments?transaction_type_id=${type}&to_date=2025-04-30`, lead);
		expect(before.some((p) => p.id === payment.id)).toBe(false);
		const other = type === 'CUSTOMER_RECEIPT' ? 'VENDOR_PAYMENT' : 'CUSTOMER_RECEIPT';
		const others = await all(`/contact_payments?transaction_type_id=${other}&to_date=2025-05-01`, lead);
		expect(others.some((p) => p.id === payment.id)).toBe(false);
	});
});
