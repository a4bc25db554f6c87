// The trigger over All Businesses: one position per business in the static data; a business the
// account gains starts as Start From says, one it loses is dropped; a business whose read fails
// keeps its position and is read again next poll while the others' changes are output, its
// failure output once; every change emitted once; a poll where every business fails fails.
import type { IDataObject } from 'n8n-workflow';

import { useTriggerSandbox } from '../trigger-sandbox';

const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const env = useTriggerSandbox();

type Business = { id: string; key: string; name: string };
const business = (key: string) => (env.sandbox.dataset.businesses as Business[]).find((b) => b.key === key)!;
const numbered = (rows: IDataObject[]) =>
	rows.map((row) => `${String(row.business_id)}:${String(row.invoice_number ?? row.change_type)}`).sort();

const allPoller = (extra: IDataObject = {}) =>
	env.poller({ business: ALL, output: 'fields', fields: ['invoice_number'], startFrom: 'now', ...extra });

describe('the trigger over All Businesses', () => {
	it('emits each business’s new records once, with business_id and business_name, one position per business', async () => {
		const poller = allPoller();
		await poller.activate();
		env.clock.advance(60);
		const lead = env.create('sales_invoices');
		const theirs = env.create('sales_invoices', { business: business('second').id });

		const { json } = await poller.poll();

		expect(numbered(json)).toEqual(
			[
				`${business('lead').id}:${String(lead.invoice_number)}`,
				`${business('second').id}:${String(theirs.invoice_number)}`,
			].sort(),
		);
		const row = json.find((candidate) => candidate.business_id === business('second').id)!;
		expect(row).toEqual({
			business_id: business('second').id,
			business_name: business('second').name,
			sales_invoice_id: theirs.id,
			invoice_number: theirs.invoice_number,
			change_type: 'created',
		});
		expect(Object.keys(poller.nodeStaticData().businesses as IDataObject).sort()).toEqual(
			(env.sandbox.dataset.businesses as Business[]).map((b) => b.id).sort(),
		);
		env.clock.advance(60);
		expect((await poller.poll()).json).toEqual([]);
	});

	it('a business that fails keeps its position: its changes come once it answers again, its failure is output once', async () => {
		const second = business('second');
		const poller = allPoller();
		await poller.activate();
		env.clock.advance(60);
		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		const lead = env.create('sales_invoices');
		const during = env.create('sales_invoices', { business: second.id });

		const first = await poller.poll();
		expect(first.error).toBeUndefined();
		expect(numbered(first.json)).toEqual(
			[`${business('lead').id}:${String(lead.invoice_number)}`, `${second.id}:error`].sort(),
		);
		expect(first.json.find((row) => row.change_type === 'error')?.error).toMatch(
			new RegExp(`^Business ".+" \\(${second.id}\\): .*lapsed`),
		);
		env.clock.advance(60);
		expect((await poller.poll()).json).toEqual([]);

		env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		env.clock.advance(60);
		const back = await poller.poll();
		expect(numbered(back.json)).toEqual([`${second.id}:${String(during.invoice_number)}`]);
		env.clock.advance(60);
		expect((await poller.poll()).json).toEqual([]);
	});

	it('a business gained starts from its discovery (Start From: Now); one lost is dropped', async () => {
		const invited = business('invited');
		env.sandbox.dataset.setBusinessAccess(invited.id, 'withdrawn');
		const poller = allPoller();
		await poller.activate();
		env.clock.advance(60);
		env.create('sales_invoices', { business: invited.id });

		env.sandbox.dataset.setBusinessAccess(invited.id, 'active');
		expect((await poller.poll()).json).toEqual([]);
		// A poll that outputs nothing is not saved on n8n 1.x: what the process holds counts.
		expect(Object.keys(poller.nodeStaticData('live').businesses as IDataObject)).toContain(invited.id);
		env.clock.advance(60);
		const after = env.create('sales_invoices', { business: invited.id });
		expect(numbered((await poller.poll()).json)).toEqual([`${invited.id}:${String(after.invoice_number)}`]);

		env.sandbox.dataset.setBusinessAccess(invited.id, 'withdrawn');
		env.clock.advance(60);
		await poller.poll();
		expect(Object.keys(poller.nodeStaticData('live').businesses as IDataObject)).not.toContain(invited.id);
	});

	it('a business gained with Start From: All Existing Records is backfilled', async () => {
		const invited = business('invited');
		env.sandbox.dataset.setBusinessAccess(invited.id, 'withdrawn');
		const poller = allPoller({ startFrom: 'all' });
		await poller.activate();
		for (let poll = 0; poll < 3; poll++) {
			env.clock.advance(60);
			await poller.poll();
		}
		env.sandbox.dataset.setBusinessAccess(invited.id, 'active');
		const existing = env.sandbox.dataset.count(invited.id, 'sales_invoices') as number;
		const seen = new Set<string>();
		for (let poll = 0; poll < 4; poll++) {
			env.clock.advance(60);
			for (const row of (await poller.poll()).json)
				if (row.business_id === invited.id) seen.add(String(row.sales_invoice_id));
		}
		expect(seen.size).toBe(existing);
	});

	it('when every business fails the poll fails, and nothing is lost', async () => {
		const poller = allPoller({ requestOptions: { maxRetries: 0 } });
		await poller.activate();
		env.clock.advance(60);
		const lead = env.create('sales_invoices');
		// One read per business per poll: three 503s fail all three.
		env.sandbox.faults.inject({ kind: '503', pathPrefix: '/sales_invoices', count: 3 });

		const failed = await poller.poll();
		expect(failed.error).toBeDefined();
		expect(failed.json).toEqual([]);

		env.clock.advance(60);
		expect(numbered((await poller.poll()).json)).toEqual([`${business('lead').id}:${String(lead.invoice_number)}`]);
	});
});

describe('business_id under Select Included Fields (issue 37)', () => {
	const fields = { output: 'fields', fields: ['invoice_number', 'business_id'] };

	it('a chosen business_id carries the business, for one business and under All Businesses', async () => {
		const one = env.poller({ ...fields, startFrom: 'now' });
		const all = allPoller({ fields: ['business_id', 'invoice_number'] });
		await one.activate();
		await all.activate();
		env.clock.advance(60);
		const lead = env.create('sales_invoices');
		const theirs = env.create('sales_invoices', { business: business('second').id });

		expect((await one.poll()).json).toEqual([
			{ sales_invoice_id: lead.id, invoice_number: lead.invoice_number, business_id: env.lead, change_type: 'created' },
		]);
		const rows = (await all.poll()).json;
		expect(rows.map((row) => [row.sales_invoice_id, row.business_id]).sort()).toEqual(
			[
				[lead.id, env.lead],
				[theirs.id, business('second').id],
			].sort(),
		);
	});

	it('Fetch Test Event gives the business too', async () => {
		const run = await env.fetchTestEvent(fields);
		const [row] = run.json('Accounting Service Trigger');
		expect(row.business_id).toBe(env.lead);
	});
});

describe('a business failing at activation (issue 37)', () => {
	it('once it answers, outputs what changed since the activation, not from the time it came back', async () => {
		const second = business('second');
		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		const poller = allPoller();
		const activation = await poller.activate();
		expect(numbered(activation.json)).toEqual([`${second.id}:error`]);
		env.clock.advance(60);
		const during = env.create('sales_invoices', { business: second.id });
		expect((await poller.poll()).json).toEqual([]);

		env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		env.clock.advance(60);
		const back = await poller.poll();
		expect(numbered(back.json)).toEqual([`${second.id}:${String(during.invoice_number)}`]);
		env.clock.advance(60);
		const after = env.create('sales_invoices', { business: second.id });
		expect(numbered((await poller.poll()).json)).toEqual([`${second.id}:${String(after.invoice_number)}`]);
	});
});

describe('Fetch Test Event over All Businesses (issue 37)', () => {
	it('names a business that failed beside the others’ records', async () => {
		const second = business('second');
		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		const run = await env.fetchTestEvent({ business: ALL });
		expect(run.status).toBe('success');
		const rows = run.json('Accounting Service Trigger');
		const failed = rows.filter((row) => row.change_type === 'error');
		expect(failed).toHaveLength(1);
		expect(failed[0]).toMatchObject({ business_id: second.id, business_name: second.name });
		expect(failed[0].error).toMatch(new RegExp(`^Business ".+" \\(${second.id}\\): .*lapsed`));
		expect(rows.some((row) => row.business_id === business('lead').id && row.change_type === 'created')).toBe(true);
	});

	it('fails when every business fails, naming them', async () => {
		// One read per business, each meeting a 503.
		env.sandbox.faults.inject({ kind: '503', pathPrefix: '/sales_invoices', count: 3 });
		const run = await env.fetchTestEvent({ business: ALL, requestOptions: { maxRetries: 0 } });
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/^Every business failed\. Business ".+" \(.+\): /);
		const named = `${run.error?.message}\n${String(run.error?.description)}`;
		for (const each of env.sandbox.dataset.businesses as Business[]) expect(named).toContain(`(${each.id})`);
		expect(named).toMatch(/temporarily unavailable/);
	});
});
