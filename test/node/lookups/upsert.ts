// Create or Update through n8n's engine against the sandbox: found by a natural key and updated,
// or created once however many executions create it at once; two records with the key refuse
// the item and write nothing.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { create, defineBelow, rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

/**
 * The mapper in mode upsert as the editor saves it: "Map Each Field Below" and one column to match
 * on; Output "Raw", the record as the service answered it.
 */
const upsert = (resource: string, column: string, value: IDataObject) =>
	({
		resource,
		operation: 'upsert',
		fields: { mappingMode: 'defineBelow', value, matchingColumns: [column], schema: [] },
		options: rawOutput(),
	}) as INodeParameters;

const requestsSince = (position: number) =>
	env.apiRequestsSince(position).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
const queryOf = (position: number) => new URL(`http://x${env.apiRequestsSince(position)[0].path}`).searchParams;
const writesSince = (position: number) => env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET');
const contactsWith = async (search: string, reference: string) =>
	(
		(await env.fetchDirect(`/contacts?search=${search}&attributes=reference&items_per_page=200`)).body
			.$items as IDataObject[]
	).filter((contact) => contact.reference === reference);

describe('Create or Update', () => {
	it('creates the contact the first time and updates the same one the second: one search each, then one write', async () => {
		const customer = { name: 'Upsert Trading', contact_type_ids: ['CUSTOMER'], reference: 'UPS-001' };
		let position = env.sandbox.log.entries().length;
		const first = await env.runNode(upsert('contact', 'reference', customer));
		expect(first.error).toBeUndefined();
		const created = first.json(NODE)[0];
		expect(created).toMatchObject({ reference: 'UPS-001', name: 'Upsert Trading', operation: 'created' });
		// A create the service did not answer from memory is not read back (writes/upsert-requests-per-row.ts).
		expect(requestsSince(position)).toEqual(['GET /contacts', 'POST /contacts']);
		// "-" cannot be searched: the key's leading word is, and the exact comparison decides.
		expect(queryOf(position).get('search')).toBe('UPS');

		position = env.sandbox.log.entries().length;
		const second = await env.runNode(upsert('contact', 'reference', { reference: ' ups-001 ', notes: 'Second run' }));
		expect(second.error).toBeUndefined();
		const updated = second.json(NODE)[0];
		expect(updated).toMatchObject({ id: created.id, notes: 'Second run', operation: 'updated' });
		expect(requestsSince(position)).toEqual(['GET /contacts', `PUT /contacts/${String(created.id)}`]);
		// The key found the record: its spelling there stays.
		expect(await contactsWith('UPS', 'UPS-001')).toEqual([expect.objectContaining({ id: created.id })]);
		expect((await env.fetchDirect(`/contacts/${String(created.id)}`)).body).toMatchObject({ name: 'Upsert Trading' });
	});

	it('makes one record when two executions create the same new key at once', async () => {
		const customer = { name: 'Twin Runs Ltd', contact_type_ids: ['CUSTOMER'], reference: 'TWIN01' };
		const runs = await Promise.all([1, 2].map(() => env.runNode(upsert('contact', 'reference', customer))));
		for (const run of runs) expect(run.error).toBeUndefined();
		const [a, b] = runs.map((run) => run.json(NODE)[0]);
		expect(a.id).toBe(b.id);
		expect([a.operation, b.operation]).toEqual(['created', 'created']);
		expect(await contactsWith('TWIN01', 'TWIN01')).toHaveLength(1);
	});

	it('rows of one key in one execution run in input order, several rows at once: one record, the last row’s values', async () => {
		const rows = [
			{ reference: 'SAMEKEY1', name: 'First Name Ltd' },
			{ reference: 'OTHERKEY', name: 'Other Ltd' },
			{ reference: ' samekey1 ', name: 'Last Name Ltd' },
		];
		const result = await env.runNode(
			{
				...upsert('contact', 'reference', {
					reference: '={{ $json.reference }}',
					name: '={{ $json.name }}',
					contact_type_ids: ['CUSTOMER'],
				}),
				requestOptions: { concurrentRequests: 3 },
			},
			{},
			{ input: rows },
		);
		expect(result.error).toBeUndefined();
		const [first, other, last] = result.json(NODE);
		expect([first.operation, other.operation, last.operation]).toEqual(['created', 'created', 'updated']);
		expect(last.id).toBe(first.id);
		expect(result.items(NODE).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(await contactsWith('SAMEKEY1', 'SAMEKEY1')).toEqual([expect.objectContaining({ id: first.id })]);
		expect((await env.fetchDirect(`/contacts/${String(first.id)}`)).body).toMatchObject({ name: 'Last Name Ltd' });
	});

	it('refuses a key two records have, naming both, and writes nothing', async () => {
		const twins: IDataObject[] = [];
		for (const [reference, email] of [
			['TW-A', 'Twins@Example.com'],
			['TW-B', 'twins@example.com'],
		]) {
			const made = await env.runNode(
				create(
					'contact',
					defineBelow({ name: 'Twin', contact_type_ids: ['CUSTOMER'], reference, main_contact_person: { email } }),
				),
			);
			expect(made.error).toBeUndefined();
			twins.push(made.json(NODE)[0]);
		}
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(upsert('contact', 'email', { email: 'TWINS@example.com ', notes: 'Never sent' }));
		expect(result.error?.message).toMatch(/^2 contacts have email "TWINS@example\.com": .*nothing was written$/);
		for (const twin of twins) expect(result.error?.message).toContain(String(twin.id));
		expect(queryOf(position).get('email')).toBe('TWINS@example.com');
		expect(writesSince(position)).toEqual([]);
	});

	it('finds a ledger account by nominal code without a search (the list has none) and updates it', async () => {
		const [account] = (await env.fetchDirect('/ledger_accounts?attributes=nominal_code&items_per_page=1')).body
			.$items as IDataObject[];
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			upsert('ledgerAccount', 'nominal_code', { nominal_code: String(account.nominal_code), display_name: 'Renamed' }),
		);
		expect(result.error).toBeUndefined();
		expect(result.json(NODE)[0]).toMatchObject({ id: account.id, operation: 'updated' });
		expect(queryOf(position).has('search')).toBe(false);
		expect(writesSince(position).map((entry) => entry.method)).toEqual(['PUT']);
	});

	it('needs the value of the column to match on, before any request', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(upsert('product', 'item_code', { description: 'No code' }));
		expect(result.error?.message).toMatch(/^Invalid "item_code": it is the column to match on and it is empty/);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});
});
