// Create or Update when the key it matches on moved from one record to another between runs: the
// record that gave the key up is left alone, and the key's record now is the one written.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { heldNow, writeDirect } from '../direct-writes';
import { rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const upsertByEmail = (value: IDataObject) =>
	({
		resource: 'contact',
		operation: 'upsert',
		fields: { mappingMode: 'defineBelow', value, matchingColumns: ['email'], schema: [] },
		options: rawOutput(),
	}) as INodeParameters;
const emailOf = (contact: IDataObject | undefined) => (contact?.main_contact_person as IDataObject | undefined)?.email;

describe('Create or Update by e-mail after the e-mail moved to another address', () => {
	it('creates a contact for the address; the contact that gave it up keeps its name and new address', async () => {
		const first = await env.runNode(
			upsertByEmail({ email: 'one-51@example.com', name: 'First Mail Ltd', contact_type_ids: ['CUSTOMER'] }),
		);
		expect(first.error).toBeUndefined();
		const old = first.json(NODE)[0];
		expect(old.operation).toBe('created');
		const held = (await heldNow(env, `/contacts/${String(old.id)}`))!;
		const person = held.main_contact_person as IDataObject;
		const moved = await writeDirect(env, 'PUT', `/contact_persons/${String(person.id)}`, {
			contact_person: { email: 'two-51@example.com' },
		});
		expect(moved.status).toBe(200);
		env.sandbox.clock.advance(5);

		const second = await env.runNode(
			upsertByEmail({ email: 'one-51@example.com', name: 'Second Mail Ltd', contact_type_ids: ['CUSTOMER'] }),
		);

		expect(second.error).toBeUndefined();
		const output = second.json(NODE)[0];
		expect(output.operation).toBe('created');
		expect(output.id).not.toBe(old.id);
		const created = await heldNow(env, `/contacts/${String(output.id)}`);
		expect(created).toMatchObject({ name: 'Second Mail Ltd' });
		expect(emailOf(created)).toBe('one-51@example.com');
		const left = await heldNow(env, `/contacts/${String(old.id)}`);
		expect(left).toMatchObject({ name: 'First Mail Ltd' });
		expect(emailOf(left)).toBe('two-51@example.com');
	});
});
