// An agent's create repeated after the record it made was deleted: the repeat makes a new record
// (the answer names one that exists), and repeating it once more is still one record.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { heldNow, writeDirect } from '../direct-writes';
import { answerOf, callTools } from '../tool-sandbox';
import { defineBelow } from '../write-helpers';

const env = useConnectedSandbox();

const createCustomer = {
	create_customer: {
		resource: 'contact',
		operation: 'create',
		fields: defineBelow({
			name: "={{ $fromAI('name', 'The customer’s name', 'string') }}",
			contact_type_ids: ['CUSTOMER'],
		}),
		options: { output: 'raw' },
	},
};
const call = { tool: 'create_customer', arguments: { name: 'Agent Made Ltd' } };
const named = async (name: string) =>
	(
		(
			await env.fetchDirect(
				`/contacts?search=${encodeURIComponent(name.split(' ')[0])}&attributes=name&items_per_page=200`,
			)
		).body.$items as IDataObject[]
	).filter((contact) => contact.name === name);

describe('an agent’s create after the record it made was deleted', () => {
	it('the same call makes a new customer, and its repeat answers with that one', async () => {
		const workflow = 'create-after-delete';
		const [first] = await callTools(env, createCustomer, [call], workflow);
		const made = answerOf(first)[0];
		expect((await writeDirect(env, 'DELETE', `/contacts/${String(made.id)}`)).status).toBe(204);
		env.sandbox.clock.advance(5);

		const [again] = await callTools(env, createCustomer, [call], workflow);
		const remade = answerOf(again)[0];
		expect(remade.id).not.toBe(made.id);
		expect(await heldNow(env, `/contacts/${String(remade.id)}`)).toMatchObject({ name: 'Agent Made Ltd' });

		env.sandbox.clock.advance(5);
		const [repeat] = await callTools(env, createCustomer, [call], workflow);
		expect(answerOf(repeat)[0].id).toBe(remade.id);
		expect((await named('Agent Made Ltd')).map((contact) => contact.id)).toEqual([remade.id]);
	});
});
