// What a row of Create or Update costs: a new row is a search and a create, an existing one a
// search and an update. Only a create the service answered from memory (its record was created
// before this run) is read back, to see that it still exists and has the key.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { writeDirect } from '../direct-writes';
import { rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const upsert = (value: IDataObject) =>
	({
		resource: 'contact',
		operation: 'upsert',
		fields: { mappingMode: 'defineBelow', value, matchingColumns: ['reference'], schema: [] },
		options: rawOutput(),
	}) as INodeParameters;
const customer = (reference: string) => ({ name: `Row ${reference}`, contact_type_ids: ['CUSTOMER'], reference });
const requestsOf = async (parameters: INodeParameters) => {
	const position = env.sandbox.log.entries().length;
	const run = await env.runNode(parameters);
	expect(run.error).toBeUndefined();
	const output = run.json(NODE)[0];
	const requests = env.apiRequestsSince(position).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
	return { output, requests };
};

describe('requests per row of Create or Update', () => {
	it('a new row: a search and a create; the same row again: a search and an update', async () => {
		const created = await requestsOf(upsert(customer('PERROW1')));
		expect(created.output.operation).toBe('created');
		expect(created.requests).toEqual(['GET /contacts', 'POST /contacts']);

		const updated = await requestsOf(upsert({ ...customer('PERROW1'), notes: 'Again' }));
		expect(updated.output.operation).toBe('updated');
		expect(updated.requests).toEqual(['GET /contacts', `PUT /contacts/${String(created.output.id)}`]);
	});

	it('a create answered from memory (its record deleted since) is read back and made anew', async () => {
		const first = await requestsOf(upsert(customer('PERROW2')));
		expect((await writeDirect(env, 'DELETE', `/contacts/${String(first.output.id)}`)).status).toBe(204);
		env.sandbox.clock.advance(5);

		const again = await requestsOf(upsert(customer('PERROW2')));
		expect(again.output.operation).toBe('created');
		expect(again.requests).toEqual([
			'GET /contacts',
			'POST /contacts',
			`GET /contacts/${String(first.output.id)}`,
			'POST /contacts',
		]);
	});
});
