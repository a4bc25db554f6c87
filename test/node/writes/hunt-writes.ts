// Review hunt (issue 51's writes): neighbouring cases of a create the service answers from its
// idempotency memory. The sandbox's clock here stands still, as the service's whole-second Date
// does for requests less than a second apart (Create → Delete → Create in one execution, or a
// model's delete and repeated call): a replay is then answered in the second its record was made.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { createClock } from '../../../sandbox/clock';
import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox } from '../connected-sandbox';
import { heldNow, writeDirect } from '../direct-writes';
import { create, defineBelow, rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';

/** A sandbox clock that moves only when a test moves it: every answer in one second until then. */
function standingClock(startMs = Math.floor(Date.now() / 1000) * 1000 + 1) {
	let now = startMs;
	return {
		now: () => now,
		nowSeconds: () => Math.floor(now / 1000),
		advance(seconds: number) {
			now += seconds * 1000;
			return now;
		},
	};
}

const env = useConnectedSandbox({ clock: standingClock() });

const keyed = (reference: string, name = 'Hunt Keyed Ltd') =>
	create('contact', defineBelow({ name, contact_type_ids: ['CUSTOMER'], reference }), {
		options: { idempotencyKey: `hunt-${reference}` },
	});
const upsertByReference = (value: IDataObject) =>
	({
		resource: 'contact',
		operation: 'upsert',
		fields: { mappingMode: 'defineBelow', value, matchingColumns: ['reference'], schema: [] },
		options: rawOutput(),
	}) as INodeParameters;

async function only(parameters: INodeParameters): Promise<IDataObject> {
	const run = await env.runNode(parameters);
	expect(run.error).toBeUndefined();
	const items = run.json(NODE);
	expect(items).toHaveLength(1);
	return items[0] as IDataObject;
}
const deleted = async (id: unknown) =>
	expect((await writeDirect(env, 'DELETE', `/contacts/${String(id)}`)).status).toBe(204);

describe('hunt: a repeated create after a deletion in the same second', () => {
	it('Create with an Idempotency Key, the record deleted, the same create again: a live record with the key’s values', async () => {
		const first = await only(keyed('HUNTSS1'));
		await deleted(first.id);

		const again = await only(keyed('HUNTSS1'));

		// Right answer: a new contact HUNTSS1 exists and the output names it (GET 200).
		expect(await heldNow(env, `/contacts/${String(again.id)}`)).toMatchObject({ reference: 'HUNTSS1' });
	});

	it('Create or Update, the record deleted, the same values again: "created", naming a live record', async () => {
		const values = { reference: 'HUNTSS2', name: 'Hunt Upsert Ltd', contact_type_ids: ['CUSTOMER'] };
		const first = await only(upsertByReference(values));
		expect(first.operation).toBe('created');
		await deleted(first.id);

		const again = await only(upsertByReference(values));

		expect(again.operation).toBe('created');
		expect(await heldNow(env, `/contacts/${String(again.id)}`)).toMatchObject({ reference: 'HUNTSS2' });
	});
});

describe('hunt: a key whose records were deleted more than five times within the service’s 7 days', () => {
	it('Create with an Idempotency Key still creates the 7th time (one live record each time)', async () => {
		const made: unknown[] = [];
		for (let run = 1; run <= 7; run++) {
			env.sandbox.clock.advance(3600);
			const output = await only(keyed('HUNTCHAIN'));
			expect(made).not.toContain(output.id);
			expect(await heldNow(env, `/contacts/${String(output.id)}`)).toMatchObject({ reference: 'HUNTCHAIN' });
			made.push(output.id);
			await deleted(output.id);
		}
	});
});

describe('hunt: the token endpoint busy, with Retry-After as an HTTP date, on a service whose clock is behind n8n’s', () => {
	// The service's clock 99 s behind this process's once the access token has run out (301 s).
	const skewed = useConnectedSandbox({ clock: createClock(Date.now() - 400_000) });
	let clock: VirtualClock;
	beforeEach(() => useClock((clock = new VirtualClock(() => Date.now()))));
	afterEach(() => useClock(new VirtualClock(() => Date.now())));

	it('waits the 2 s the service asked for (its Date to its Retry-After), not 0', async () => {
		const token = { ...skewed.store.oauthTokenData(skewed.credential.id) } as IDataObject;
		delete token.n8n_expires_at;
		skewed.store.writeOauthTokenData(skewed.credential.id, token);
		skewed.sandbox.clock.advance(301);
		const retryAfter = new Date(Math.floor(skewed.sandbox.clock.now() / 1000) * 1000 + 2000).toUTCString();
		skewed.sandbox.faults.inject({ kind: '503', target: 'token', retryAfter });

		const result = await skewed.runNode({ resource: 'contact', operation: 'getAll', limit: 3 });

		expect(result.error).toBeUndefined();
		// Right answer: the first wait is the Retry-After less the 503's Date: 1 to 2 s (Date is whole seconds).
		expect(clock.sleeps[0]).toBeGreaterThanOrEqual(1000);
		expect(clock.sleeps[0]).toBeLessThanOrEqual(2000);
	});
});
