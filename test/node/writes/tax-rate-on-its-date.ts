// A line's tax at the percentage its rate had on the document's date: the sandbox's UK standard
// rate was 17.5% until 3 January 2011 and is 20% since, as the service lists it (`percentages`).
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { create, defineBelow, update } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const RATE = 'GB_STANDARD';
let customer: string;
let account: string;
beforeAll(async () => {
	const [contact] = (await env.fetchDirect('/contacts?contact_type_id=CUSTOMER&items_per_page=1')).body
		.$items as IDataObject[];
	const accounts = (await env.fetchDirect('/ledger_accounts?visible_in=sales&items_per_page=200&attributes=tax_rate'))
		.body.$items as IDataObject[];
	customer = String(contact.id);
	account = String(accounts.find((entry) => (entry.tax_rate as IDataObject | null)?.id === RATE)!.id);
});

const line = (extra: IDataObject = {}) => ({
	description: 'Consulting',
	ledger_account_id: account,
	quantity: 1,
	unit_price: 100,
	...extra,
});
const invoiceOn = async (date: string, lines: IDataObject[]) => {
	const result = await env.runNode(
		create('salesInvoice', defineBelow({ contact_id: customer, date, invoice_lines: lines })),
	);
	expect(result.error).toBeUndefined();
	return result.json(NODE)[0];
};
const taxOfLines = (invoice: IDataObject) =>
	(invoice.invoice_lines as IDataObject[]).map((entry) => Number(entry.tax_amount));

describe('tax at the rate in force on the document’s date', () => {
	it('the service lists the standard rate’s change', async () => {
		const rate = (await env.fetchDirect(`/tax_rates/${RATE}`)).body;
		expect(rate.percentage).toBe(20);
		expect(rate.percentages).toEqual([
			{ percentage: 17.5, from_date: '2010-01-01', to_date: '2011-01-03' },
			{ percentage: 20, from_date: '2011-01-04', to_date: null },
		]);
	});

	it.each([
		['the day before the change', '2011-01-03', 17.5],
		['the day of the change', '2011-01-04', 20],
		['a document of 2025', '2025-05-02', 20],
	])('%s (%s): %d%%', async (_case, date, percentage) => {
		const invoice = await invoiceOn(date, [line({ tax_rate_id: RATE }), line()]);
		expect(taxOfLines(invoice)).toEqual([percentage, percentage]);
		expect(Number(invoice.tax_amount)).toBe(2 * percentage);
	});

	it('an update of the lines alone: at the rate on the date the document has', async () => {
		const invoice = await invoiceOn('2010-12-15', [line({ tax_rate_id: RATE })]);
		const result = await env.runNode(
			update(
				'salesInvoice',
				String(invoice.id),
				defineBelow({ invoice_lines: [line({ tax_rate_id: RATE, unit_price: 200 })] }),
			),
		);
		expect(result.error).toBeUndefined();
		expect(taxOfLines(result.json(NODE)[0])).toEqual([35]);
	});
});
