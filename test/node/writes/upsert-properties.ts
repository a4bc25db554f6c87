// Property (fast-check): any sequence of Create or Update runs — repeated, with the key in
// another case, Unicode form or with spaces around it — between which records are deleted, keys
// move to other records and the token endpoint is busy, writes each intended change once, on
// the record the key names now, and outputs what the service holds (read back directly).
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { heldNow, writeDirect } from '../direct-writes';
import { rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

type Step =
	| { kind: 'upsert'; key: number; variant: number; notes: number }
	| { kind: 'repeat' }
	| { kind: 'delete'; key: number }
	| { kind: 'move'; key: number }
	| { kind: 'busyToken'; status: '429' | '503' };

const step: fc.Arbitrary<Step> = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.record({
			kind: fc.constant('upsert' as const),
			key: fc.nat(1),
			variant: fc.nat(4),
			notes: fc.nat(2),
		}),
	},
	{ weight: 1, arbitrary: fc.constant({ kind: 'repeat' as const }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.nat(1) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), key: fc.nat(1) }) },
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant('busyToken' as const),
			status: fc.constantFrom('429' as const, '503' as const),
		}),
	},
);

/** How a person may type a key: as stored, lower case, decomposed accents, spaces around, upper case. */
const VARIANTS = [
	(key: string) => key,
	(key: string) => key.toLowerCase(),
	(key: string) => key.normalize('NFD'),
	(key: string) => `  ${key.toLowerCase().normalize('NFD')} `,
	(key: string) => key.toUpperCase(),
];
const same = (a: unknown, b: string) =>
	String(a).trim().normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();

const upsert = (reference: string, notes: string) =>
	({
		resource: 'contact',
		operation: 'upsert',
		fields: {
			mappingMode: 'defineBelow',
			value: { reference, notes, name: `Property ${notes}`, contact_type_ids: ['CUSTOMER'] },
			matchingColumns: ['reference'],
			schema: [],
		},
		options: rawOutput(),
	}) as INodeParameters;

function expireAccessToken() {
	const token = { ...env.store.oauthTokenData(env.credential.id) } as IDataObject;
	delete token.n8n_expires_at;
	env.store.writeOauthTokenData(env.credential.id, token);
	env.sandbox.clock.advance(301);
}

let run = 0;
describe('Create or Update over random runs, repeats, deletions, key moves and a busy token endpoint', () => {
	it('each change is written once, on the record the key names now, and the output is what the service holds', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
				run++;
				const keys = [`PKÉ${run}A`, `PKÉ${run}B`];
				/** What each record made here should hold: its reference and notes, as the service holds them. */
				const expected = new Map<string, { reference: string; notes: string } | 'deleted'>();
				const live = (key: string) =>
					[...expected].filter(([, held]) => held !== 'deleted' && same(held.reference, key)).map(([id]) => id);
				let last: Parameters<typeof upsert> | undefined;
				let moves = 0;
				/** The token endpoint is busy at the next run of the node, which meets an expired token. */
				let busy: '429' | '503' | undefined;
				const runNode = async (parameters: INodeParameters) => {
					if (busy) {
						expireAccessToken();
						env.sandbox.faults.inject({ kind: busy, target: 'token', retryAfter: 1 });
						busy = undefined;
					}
					return await env.runNode(parameters);
				};
				for (const current of steps) {
					// The service's times are whole seconds: each step in a later one.
					env.sandbox.clock.advance(2);
					if (current.kind === 'busyToken') {
						busy = current.status;
						continue;
					}
					if (current.kind === 'delete' || current.kind === 'move') {
						for (const id of live(keys[current.key])) {
							if (current.kind === 'delete') {
								expect((await writeDirect(env, 'DELETE', `/contacts/${id}`)).status).toBe(204);
								expected.set(id, 'deleted');
							} else {
								const reference = `PKM${run}X${++moves}`;
								const moved = await writeDirect(env, 'PUT', `/contacts/${id}`, { contact: { reference } });
								expect(moved.status).toBe(200);
								expected.set(id, { ...(expected.get(id) as { notes: string; reference: string }), reference });
							}
						}
						continue;
					}
					if (current.kind === 'upsert')
						last = [VARIANTS[current.variant](keys[current.key]), `Notes ${current.notes}`];
					if (!last) continue;
					const [typed, notes] = last;
					const key = keys.find((candidate) => same(typed, candidate))!;
					const before = live(key);
					const result = await runNode(upsert(typed, notes));
					expect(result.error).toBeUndefined();
					const output = result.json(NODE)[0];
					const id = String(output.id);
					if (before.length) expect(id).toBe(before[0]);
					else expect(expected.has(id)).toBe(false);
					const existing = expected.get(id);
					expected.set(id, {
						reference: existing && existing !== 'deleted' ? existing.reference : typed,
						notes,
					});
					const held = (await heldNow(env, `/contacts/${id}`))!;
					expect(output.notes).toBe(held.notes);
					expect(output.reference).toBe(held.reference);
				}
				expect(env.sandbox.faults.pending()).toEqual([]);
				// Every record made here holds what the steps meant, and each key names at most one.
				for (const [id, meant] of expected) {
					const held = await heldNow(env, `/contacts/${id}`);
					if (meant === 'deleted') expect(held).toBeUndefined();
					else expect(held).toMatchObject({ reference: meant.reference, notes: meant.notes });
				}
				for (const key of keys) expect(live(key).length).toBeLessThanOrEqual(1);
			}),
			{ numRuns: 10 },
		);
	});
});
