// Create with an Idempotency Key after the record the key made was deleted: the output names a
// record that exists (a new one with the key's values), and running it again makes no other.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { heldNow, writeDirect } from '../direct-writes';
import { create, defineBelow } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const keyed = (reference: string) =>
	create('contact', defineBelow({ name: 'Keyed Order Ltd', contact_type_ids: ['CUSTOMER'], reference }), {
		options: { idempotencyKey: `order-${reference}` },
	});
const created = async (reference: string) => {
	const run = await env.runNode(keyed(reference));
	expect(run.error).toBeUndefined();
	return run.json(NODE)[0] as IDataObject;
};

describe('Create with an Idempotency Key after its record was deleted', () => {
	it('creates the record anew; the next run with the key answers with that one', async () => {
		const first = await created('IKDEL1');
		expect((await writeDirect(env, 'DELETE', `/contacts/${String(first.id)}`)).status).toBe(204);
		env.sandbox.clock.advance(5);

		const second = await created('IKDEL1');
		expect(second.id).not.toBe(first.id);
		expect(await heldNow(env, `/contacts/${String(second.id)}`)).toMatchObject({ reference: 'IKDEL1' });

		env.sandbox.clock.advance(5);
		const third = await created('IKDEL1');
		expect(third.id).toBe(second.id);
	});

	it('answers with what the record holds now when it changed since the key made it', async () => {
		const first = await created('IKCHG1');
		expect(
			(await writeDirect(env, 'PUT', `/contacts/${String(first.id)}`, { contact: { notes: 'Changed later' } })).status,
		).toBe(200);
		env.sandbox.clock.advance(5);

		const again = await created('IKCHG1');
		expect(again.id).toBe(first.id);
		expect(again.notes).toBe('Changed later');
	});
});
