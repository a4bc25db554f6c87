// A write's Output (Options → Output, Select Included Fields and its Fields) is read and checked
// before the write is sent: a bad one fails the item and the service is asked nothing.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { byId, defineBelow } from '../write-helpers';

const env = useConnectedSandbox();

const NO_FIELDS = { output: 'fields', fields: [] };
const UNKNOWN_FIELD = { output: 'fields', fields: ['name', 'colour'] };

const firstId = async (path: string) =>
	String(((await env.fetchDirect(`/${path}&items_per_page=1`)).body.$items as IDataObject[])[0].id);

/** [case, parameters (given the id of a contact and of a draft sales invoice), what the error says] */
const CASES: Array<[string, (ids: { contact: string; invoice: string }) => IDataObject, RegExp]> = [
	[
		'Create with Select Included Fields and no Fields',
		() => ({
			resource: 'contact',
			operation: 'create',
			fields: defineBelow({ name: 'Never Created Ltd', contact_type_ids: ['CUSTOMER'] }),
			options: NO_FIELDS,
		}),
		/Invalid "Column Names or IDs": choose at least one/,
	],
	[
		'Update with an unknown field',
		({ contact }) => ({
			resource: 'contact',
			operation: 'update',
			id: byId(contact),
			fields: defineBelow({ notes: 'Never written' }),
			options: UNKNOWN_FIELD,
		}),
		/Invalid "Column Names or IDs": "colour" is not a column of contacts/,
	],
	[
		'Create or Update with no Fields',
		() => ({
			resource: 'contact',
			operation: 'upsert',
			fields: {
				mappingMode: 'defineBelow',
				value: { reference: 'OUTFIRST1', name: 'Never Created Ltd', contact_type_ids: ['CUSTOMER'] },
				matchingColumns: ['reference'],
				schema: [],
			},
			options: NO_FIELDS,
		}),
		/Invalid "Column Names or IDs": choose at least one/,
	],
	[
		'Delete with an Output the collection does not offer',
		({ contact }) => ({ resource: 'contact', operation: 'delete', id: byId(contact), options: { output: 'lines' } }),
		/Invalid "Output"/,
	],
	[
		'Release with no Fields',
		({ invoice }) => ({ resource: 'salesInvoice', operation: 'release', id: byId(invoice), options: NO_FIELDS }),
		/Invalid "Column Names or IDs": choose at least one/,
	],
];

describe('a write whose Output is refused sends nothing', () => {
	it.each(CASES)('%s', async (_case, parameters, message) => {
		const ids = { contact: await firstId('contacts?'), invoice: await firstId('sales_invoices?status_id=DRAFT') };
		const contactsBefore = (await env.fetchDirect('/contacts?items_per_page=1')).body.$total;
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(parameters(ids) as INodeParameters);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position)).toEqual([]);
		expect((await env.fetchDirect('/contacts?items_per_page=1')).body.$total).toBe(contactsBefore);
	});
});
