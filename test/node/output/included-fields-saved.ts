// A workflow saved before the Fields lists left the node's description (issue 43): its JSON, as
// n8n's editor stored it (only the values that differ from their defaults), written by the
// package as it was then. Its trigger, read and writes with Fields chosen run unchanged: same
// parameter names, same values, the same rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import { Poller, runWorkflow } from '../../harness';
import { startTriggerSandbox, type TriggerSandbox } from '../trigger-sandbox';

interface SavedWorkflow {
	nodes: INode[];
	connections: IConnections;
}

const saved = (credentialId: string): SavedWorkflow =>
	JSON.parse(
		readFileSync(join(__dirname, 'included-fields-saved.json'), 'utf8').replaceAll('CREDENTIAL_ID', credentialId),
	) as SavedWorkflow;

let env: TriggerSandbox;
beforeAll(async () => {
	env = await startTriggerSandbox();
});
afterAll(async () => {
	await env?.sandbox.stop();
});

it('the trigger, Get Many, Create and Update with Fields chosen give the chosen columns, as before', async () => {
	const { nodes, connections } = saved(env.credential.id);
	const [triggerNode, ...actionNodes] = nodes;
	const poller = new Poller(env.store, triggerNode);
	await poller.activate();
	env.clock.advance(60);
	const invoice = env.create('sales_invoices');

	const polled = await poller.poll();
	const run = await runWorkflow({
		store: env.store,
		nodes: actionNodes,
		connections: Object.fromEntries(Object.entries(connections).filter(([from]) => from !== triggerNode.name)),
		input: polled.json,
	});

	expect(polled.error).toBeUndefined();
	expect(polled.json.map((row) => Object.keys(row))).toEqual([
		['sales_invoice_id', 'invoice_number', 'contact_name', 'total_amount', 'business_id', 'change_type'],
	]);
	expect(polled.json[0]).toMatchObject({
		sales_invoice_id: invoice.id,
		invoice_number: invoice.invoice_number,
		contact_name: invoice.contact_name,
		total_amount: invoice.total_amount,
		change_type: 'created',
	});
	expect(run.error).toBeUndefined();
	const lines = run.json('Get Many Sales Invoices');
	expect(lines.length).toBeGreaterThan(2);
	for (const row of lines) {
		expect(Object.keys(row)).toEqual([
			'sales_invoice_id',
			'invoice_number',
			'line_number',
			'line_description',
			'line_total_amount',
		]);
	}
	const created = run.json('Create Contact');
	expect(created.map((row) => Object.keys(row))).toEqual(
		lines.map(() => ['contact_id', 'name', 'contact_type_names', 'business_id']),
	);
	expect(created.map((row) => row.name)).toEqual(lines.map((line) => `Saved ${String(line.invoice_number)}`));
	expect(created.every((row) => row.business_id === env.lead && row.contact_type_names === 'Customer')).toBe(true);
	const updated = run.json('Update Contact');
	expect(updated).toEqual(
		created.map((row, index): IDataObject => ({
			contact_id: row.contact_id,
			reference: `SAVED-0${index}`,
			name: row.name,
		})),
	);
});
