// Create or Update when the service answers its create with an earlier one (the same
// idempotency_id within 7 days): the output names a record that exists, has the key and holds
// this item's values — after the record was deleted, after its key changed, and when two
// executions create the same new key with other values at once.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { byId, rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const upsert = (value: IDataObject) =>
	({
		resource: 'contact',
		operation: 'upsert',
		fields: { mappingMode: 'defineBelow', value, matchingColumns: ['reference'], schema: [] },
		options: rawOutput(),
	}) as INodeParameters;
const customer = (reference: string, extra: IDataObject = {}) => ({
	name: `Customer ${reference}`,
	contact_type_ids: ['CUSTOMER'],
	reference,
	...extra,
});
const upserted = async (value: IDataObject) => {
	const result = await env.runNode(upsert(value));
	expect(result.error).toBeUndefined();
	return result.json(NODE)[0];
};
const stored = async (id: unknown) => await env.fetchDirect(`/contacts/${String(id)}`);
const withReference = async (reference: string) =>
	(
		(await env.fetchDirect(`/contacts?search=${reference}&attributes=reference,notes&items_per_page=200`)).body
			.$items as IDataObject[]
	).filter((contact) => contact.reference === reference);

describe('Create or Update answered with an earlier create', () => {
	it('the record was deleted: it is created anew, and the output names the new one', async () => {
		const first = await upserted(customer('GONE01'));
		expect(first.operation).toBe('created');
		const deleted = await env.runNode({ resource: 'contact', operation: 'delete', id: byId(String(first.id)) });
		expect(deleted.error).toBeUndefined();
		expect((await stored(first.id)).status).toBe(404);
		// The service's times are whole seconds: a replay shows itself by a record created in an earlier one.
		env.sandbox.clock.advance(2);

		const again = await upserted(customer('GONE01'));

		expect(again.operation).toBe('created');
		expect(again.id).not.toBe(first.id);
		const now = await stored(again.id);
		expect(now.status).toBe(200);
		expect(now.body.reference).toBe('GONE01');
		expect(await withReference('GONE01')).toEqual([expect.objectContaining({ id: again.id })]);
	});

	it('the record’s key changed since: a record with the key is created, the other keeps its new key', async () => {
		const first = await upserted(customer('KEYMOVE1'));
		const renamed = await env.runNode({
			resource: 'contact',
			operation: 'update',
			id: byId(String(first.id)),
			fields: { mappingMode: 'defineBelow', value: { reference: 'KEYMOVE2' }, matchingColumns: [], schema: [] },
		});
		expect(renamed.error).toBeUndefined();
		env.sandbox.clock.advance(2);

		const again = await upserted(customer('KEYMOVE1'));

		expect(again.operation).toBe('created');
		expect(again.id).not.toBe(first.id);
		expect((await stored(again.id)).body.reference).toBe('KEYMOVE1');
		expect((await stored(first.id)).body.reference).toBe('KEYMOVE2');
	});

	it('two executions create the same new key with other values at once: one record, and each output holds its own values', async () => {
		const runs = await Promise.all(
			['First values', 'Second values'].map(async (notes) => ({
				notes,
				output: await upserted(customer('TWINVAL1', { notes })),
			})),
		);

		const records = await withReference('TWINVAL1');
		expect(records).toHaveLength(1);
		for (const { notes, output } of runs) {
			expect(output.id).toBe(records[0].id);
			expect(output.notes).toBe(notes);
		}
		expect(runs.map(({ output }) => output.operation)).toContain('updated');
		expect(runs.map(({ notes }) => notes)).toContain(records[0].notes);
	});
});
