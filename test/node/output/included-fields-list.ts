// The Column Names or IDs list of Select Included Fields as the editor gets it: not in the description, but
// from the node's loadOptions method, answered by n8n's backend from the collection table with
// no request to the service and no credential. Every collection's list on reads, writes and the
// trigger, the same names the rows have.
import type { INodeProperties } from 'n8n-workflow';

import { AccountingService } from '../../../nodes/AccountingService/AccountingService.node';
import { COLLECTIONS } from '../../../nodes/AccountingService/collections/table';
import { INCLUDED_FIELDS_METHOD, includedFieldNames } from '../../../nodes/AccountingService/output/includedFields';
import { WATCHABLE } from '../../../nodes/AccountingServiceTrigger/description';
import { accountingServiceNodeType, loadAccountingServiceTrigger, nodeTypeName, runLoadOptions } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';

const env = useConnectedSandbox({ scale: 10 });

/** The list the editor shows for `resource`, asked as it asks: the node's form values, no credential. */
const listOf = async (resource: string, where: 'reads' | 'writes' | 'trigger') => {
	const trigger = where === 'trigger';
	const options = await runLoadOptions({
		store: env.store,
		node: {
			name: trigger ? 'Sage Accounting Trigger' : 'Sage Accounting',
			type: trigger ? nodeTypeName(loadAccountingServiceTrigger()) : accountingServiceNodeType(),
			parameters:
				where === 'writes'
					? { resource, operation: 'create', options: { output: 'fields' } }
					: { resource, operation: 'getAll', output: 'fields' },
		},
		method: INCLUDED_FIELDS_METHOD,
		path: where === 'writes' ? 'parameters.options.fields' : 'parameters.fields',
		extra: trigger ? [loadAccountingServiceTrigger()] : [],
	});
	expect(options.filter((option) => option.name !== option.value)).toEqual([]);
	return options.map((option) => option.value);
};

/** Every Fields property of a list of properties, those inside Options included. */
const fieldsProperties = (properties: readonly INodeProperties[]): INodeProperties[] =>
	properties.flatMap((property) => [
		...(property.name === 'fields' && property.type === 'multiOptions' ? [property] : []),
		...(property.type === 'collection' ? fieldsProperties((property.options ?? []) as INodeProperties[]) : []),
	]);

describe('the Fields list', () => {
	it('every collection: its rows’ names but the key, from the table, with no request and no credential', async () => {
		const position = env.sandbox.log.entries().length;
		for (const row of COLLECTIONS) {
			const names = await listOf(row.resource, 'reads');
			expect(names).toEqual(includedFieldNames(row));
			expect(await listOf(row.resource, 'writes')).toEqual(names);
		}
		for (const row of WATCHABLE) expect(await listOf(row.resource, 'trigger')).toEqual(includedFieldNames(row));
		expect(env.sandbox.log.entries().length).toBe(position);
	});

	it('sales invoices: the document’s columns, then line_number and the line’s, then business_id', async () => {
		const names = await listOf('salesInvoice', 'reads');
		expect(names.slice(0, 3)).toEqual(['displayed_as', 'invoice_number', 'date']);
		expect(names).not.toContain('sales_invoice_id');
		expect(names.indexOf('line_number')).toBeLessThan(names.indexOf('line_description'));
		expect(names.at(-1)).toBe('business_id');
	});

	it('a resource that is not a collection gets an empty list, not an error', async () => {
		expect(await listOf('trialBalance', 'reads')).toEqual([]);
	});

	it('the node and the trigger carry one list method, not the names: every Fields property loads it', () => {
		const node = new AccountingService().description.properties;
		const trigger = loadAccountingServiceTrigger().description.properties;
		for (const property of [...fieldsProperties(node), ...fieldsProperties(trigger)]) {
			expect(property.options).toBeUndefined();
			expect(property.typeOptions).toEqual({
				loadOptionsMethod: INCLUDED_FIELDS_METHOD,
				loadOptionsDependsOn: ['resource'],
			});
		}
		expect(fieldsProperties(trigger)).toHaveLength(1);
	});

	it('the names of every collection’s list, as reviewed (a change to the table shows up here)', () => {
		expect(
			Object.fromEntries(COLLECTIONS.map((row) => [row.resource, includedFieldNames(row).join(', ')])),
		).toMatchSnapshot();
	});
});
