// Bad write inputs are refused by the node before any request: each error names the field (for
// a line, its number) and what is allowed, and the sandbox's log shows no request at all.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { autoMap, byId, create, defineBelow, editorAllocations, editorLines, update } from '../write-helpers';

const env = useConnectedSandbox();

const CONTACT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const ACCOUNT = '1b2c3d4e5f60718293a4b5c6d7e8f90a';
const line = (extra: IDataObject = {}) => ({
	description: 'Consulting',
	ledger_account_id: ACCOUNT,
	quantity: 1,
	unit_price: 100,
	...extra,
});
const invoice = (extra: IDataObject = {}) => ({
	contact_id: CONTACT,
	date: '2025-03-01',
	invoice_lines: [line()],
	...extra,
});
const salesInvoice = (value: IDataObject, extra: IDataObject = {}) => create('salesInvoice', defineBelow(value), extra);
const payment = (extra: IDataObject = {}) => ({
	transaction_type_id: 'CUSTOMER_RECEIPT',
	contact_id: CONTACT,
	bank_account_id: ACCOUNT,
	date: '2025-03-01',
	total_amount: 100,
	...extra,
});

/** [case, parameters, input items, what the error must say] */
const REFUSED: Array<[string, IDataObject, IDataObject[], RegExp]> = [
	[
		'a create without a required attribute',
		salesInvoice(invoice({ contact_id: null })),
		[{}],
		/Invalid "contact_id": it is required to create a sales invoice/,
	],
	['a create without its date', salesInvoice(invoice({ date: '' })), [{}], /"date": it is required/],
	[
		'a date day-first',
		salesInvoice(invoice({ date: '01/03/2025' })),
		[{}],
		/"date": expected a date as YYYY-MM-DD, got "01\/03\/2025"/,
	],
	[
		'a date that does not exist',
		salesInvoice(invoice({ date: '2025-02-30' })),
		[{}],
		/"date": expected a date as YYYY-MM-DD/,
	],
	['a date in words', salesInvoice(invoice({ due_date: '={{ "next Friday" }}' })), [{}], /"due_date": expected a date/],
	[
		'a number in words',
		salesInvoice(invoice({ exchange_rate: 'one' })),
		[{}],
		/"exchange_rate": expected a number, got "one"/,
	],
	[
		'a number with a decimal comma',
		salesInvoice(invoice({ shipping_net_amount: '12,50' })),
		[{}],
		/"shipping_net_amount": expected a number/,
	],
	[
		'a yes for a boolean',
		salesInvoice(invoice({ vat_reverse_charge: 'yes' })),
		[{}],
		/"vat_reverse_charge": expected true or false, got "yes"/,
	],
	[
		'an ID given as an object',
		salesInvoice(invoice({ contact_id: '={{ { id: "x" } }}' })),
		[{}],
		/"contact_id": expected text, got an object/,
	],
	[
		'an attribute the record does not have',
		salesInvoice(invoice({ colour: 'red' })),
		[{}],
		/"colour": a sales invoice has no such attribute.*allowed: contact_id/,
	],
	[
		'lines as JSON text that does not parse',
		salesInvoice(invoice({ invoice_lines: '[{"description": "x",' })),
		[{}],
		/"invoice_lines": the JSON text does not parse/,
	],
	[
		'lines that are not a list',
		salesInvoice(invoice({ invoice_lines: '={{ 5 }}' })),
		[{}],
		/"invoice_lines": expected a list/,
	],
	[
		'no lines at all',
		salesInvoice(invoice({ invoice_lines: [] })),
		[{}],
		/"Lines": a sales invoice needs at least one line/,
	],
	[
		'a line that is not an object',
		salesInvoice(invoice({ invoice_lines: [line(), 'x'] })),
		[{}],
		/"invoice_lines": line 2: expected an object/,
	],
	[
		'a line without its ledger account',
		salesInvoice(invoice({ invoice_lines: [line(), line({ ledger_account_id: undefined })] })),
		[{}],
		/"invoice_lines": line 2: "ledger_account_id" is required/,
	],
	[
		'a line’s unit price in words',
		salesInvoice(invoice({ invoice_lines: [line(), line(), line({ unit_price: 'ten' })] })),
		[{}],
		/"invoice_lines": line 3: "unit_price" expected a number, got "ten"/,
	],
	[
		'a line’s quantity as a list',
		salesInvoice(invoice({ invoice_lines: [line({ quantity: [1] })] })),
		[{}],
		/line 1: "quantity" expected a number, got a list/,
	],
	[
		'a line attribute as the read side names it',
		salesInvoice(invoice({ invoice_lines: [line({ product: { id: 'p' } })] })),
		[{}],
		/line 1: "product" is not an attribute of a line; allowed: description, ledger_account_id/,
	],
	[
		'an address as JSON text that does not parse',
		salesInvoice(invoice({ main_address: '{ "city": ' })),
		[{}],
		/"main_address": the JSON text does not parse/,
	],
	[
		'an address with an unknown attribute',
		salesInvoice(invoice({ main_address: { town: 'Leeds' } })),
		[{}],
		/"main_address": "town" is not an attribute of "main_address"; allowed: address_line_1/,
	],
	[
		'an address’s city as a number list',
		salesInvoice(invoice({ main_address: { city: ['a'] } })),
		[{}],
		/"main_address": "city" expected text, got a list/,
	],
	[
		'a recurrence frequency that is not whole',
		salesInvoice(invoice({ recurring_invoice: { frequency: 1.5 } })),
		[{}],
		/"recurring_invoice": "frequency" expected a whole number/,
	],
	[
		'a value outside the enum',
		create('contact', defineBelow({ name: 'Ada', contact_type_ids: ['CUSTOMER'], credit_terms: 'whenever' })),
		[{}],
		/"credit_terms": must be one of month_end_invoice, date_from_invoice/,
	],
	[
		'a list of IDs with an object inside',
		create('contact', defineBelow({ name: 'Ada', contact_type_ids: ['CUSTOMER', { id: 1 }] })),
		[{}],
		/"contact_type_ids": entry 2: expected text, got an object/,
	],
	[
		'an editor line whose ledger account maps to nothing',
		salesInvoice(invoice({ invoice_lines: null }), {
			lines: editorLines([
				{ description: 'A', unitPrice: 10, ledgerAccount: ACCOUNT },
				{ description: 'B', unitPrice: 10, ledgerAccount: '={{ "" }}' },
			]),
		}),
		[{}],
		/Invalid "Lines": line 2: "Ledger Account" is required/,
	],
	[
		'the only editor line maps to no description, product or service: it is blank, and no line is left',
		salesInvoice(invoice({ invoice_lines: null }), {
			lines: editorLines([{ description: '={{ "" }}', unitPrice: 10, ledgerAccount: ACCOUNT }]),
		}),
		[{}],
		/Invalid "Lines": every line is empty \(no product, service or description\)/,
	],
	[
		'lines given in the editor and in Fields',
		salesInvoice(invoice(), { lines: editorLines([{ description: 'A', unitPrice: 10, ledgerAccount: ACCOUNT }]) }),
		[{}],
		/Invalid "Lines": the lines are given twice: here and as "invoice_lines" in Fields/,
	],
	[
		'Map Automatically: the input lacks a required column',
		create('salesInvoice', autoMap()),
		[{ date: '2025-03-01', invoice_lines: [line()], customer: 'Ada' }],
		/"contact_id": it is required.*Map Automatically found no input field of that name/,
	],
	[
		'Map Automatically: a date column in words',
		create('salesInvoice', autoMap()),
		[{ ...invoice(), date: 'tomorrow' }],
		/"date": expected a date as YYYY-MM-DD, got "tomorrow"/,
	],
	[
		'Map Automatically: lines in the item and in the editor',
		create('salesInvoice', autoMap(), {
			lines: editorLines([{ description: 'A', unitPrice: 10, ledgerAccount: ACCOUNT }]),
		}),
		[invoice()],
		/"Lines": the lines are given twice.*Map Automatically/,
	],
	[
		'an update that changes nothing',
		update('salesInvoice', CONTACT, defineBelow({ notes: null })),
		[{}],
		/Invalid "Fields": nothing to change/,
	],
	[
		'an update of an empty ID',
		update('salesInvoice', '={{ "" }}', defineBelow({ notes: 'x' })),
		[{}],
		/"Sales Invoice ID".*empty/,
	],
	[
		'an update’s date in words',
		update('salesInvoice', CONTACT, defineBelow({ due_date: 'soon' })),
		[{}],
		/"due_date": expected a date/,
	],
	[
		'a settings update with a bad day',
		{ resource: 'financialSettings', operation: 'update', fields: defineBelow({ year_end_date: '31-12' }) },
		[{}],
		/"year_end_date": expected a date as YYYY-MM-DD/,
	],
	[
		'an empty Idempotency Key',
		salesInvoice(invoice(), { options: { idempotencyKey: '={{ $json.order }}' } }),
		[{ order: '' }],
		/"Idempotency Key": it is empty/,
	],
	[
		'an allocation’s amount in words',
		create('contactPayment', defineBelow(payment({ allocated_artefacts: [{ artefact_id: 'x', amount: 'all' }] }))),
		[{}],
		/"allocated_artefacts": allocation 1: "amount" expected a number, got "all"/,
	],
	[
		'an editor allocation whose invoice maps to nothing',
		create('contactPayment', defineBelow(payment()), {
			allocations: editorAllocations([{ artefact: '={{ "" }}', amount: 10 }]),
		}),
		[{}],
		/"Allocations": allocation 1: "Invoice or Credit Note" is required/,
	],
	[
		'a payment without its bank account',
		create('contactPayment', defineBelow(payment({ bank_account_id: null }))),
		[{}],
		/"bank_account_id": it is required to create a contact payment/,
	],
	['a delete of ".."', { resource: 'salesQuote', operation: 'delete', id: byId('..') }, [{}], /"Sales Quote ID"/],
	[
		'a release of an empty ID',
		{ resource: 'salesInvoice', operation: 'release', id: byId('={{ "  " }}') },
		[{}],
		/"Sales Invoice ID".*empty/,
	],
	[
		'a write where the service has none',
		{ resource: 'country', operation: 'create', fields: defineBelow({ name: 'x' }) },
		[{}],
		/"Operation"/,
	],
	['the mapper’s value as a list', create('contact', '={{ [1] }}' as unknown as IDataObject), [{}], /"Fields"/],
];

function expectNoSecrets(...things: unknown[]) {
	const token = env.store.oauthTokenData(env.credential.id) as IDataObject;
	const text = JSON.stringify(things, (_key, value: unknown) =>
		value instanceof Error ? { ...value, message: value.message, stack: value.stack } : value,
	);
	for (const secret of [String(token.access_token), String(token.refresh_token), env.sandbox.client.clientSecret])
		expect(text).not.toContain(secret);
}

describe(`bad writes refused before any request (${REFUSED.length} cases)`, () => {
	it.each(REFUSED)('%s', async (_case, parameters, input, message) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(parameters as INodeParameters, {}, { input });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position)).toEqual([]);
		expectNoSecrets(result.run, result.error);
	});
});
