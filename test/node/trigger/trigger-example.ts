import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { Expression } from 'n8n-workflow';

import { Poller, accountingServiceTriggerNode } from '../../harness';
import { useTriggerSandbox } from '../trigger-sandbox';

/**
 * examples/new-sales-invoice-append-row.json: its trigger, with the parameters as saved, polled
 * through n8n-core against the sandbox; its CSV line expression evaluated by n8n's own
 * expression engine on what the trigger emitted.
 */

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}

const example = JSON.parse(
	readFileSync(resolve(__dirname, '..', '..', '..', 'examples', 'new-sales-invoice-append-row.json'), 'utf8'),
) as {
	nodes: ExampleNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;
const trigger = node('New sales invoice');
const lineExpression = (
	node('One CSV line per invoice').parameters.assignments as { assignments: Array<{ value: string }> }
).assignments[0].value;

/** RFC 4180 fields of one line: every field quoted, quotes doubled. */
function csvFields(line: string): string[] {
	expect(line.endsWith('\n')).toBe(true);
	return [...line.slice(0, -1).matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1].replace(/""/g, '"'));
}

const env = useTriggerSandbox();

it('uses only the trigger and nodes shipped with n8n, wired in a line from the trigger', () => {
	expect(trigger.type).toBe('n8n-nodes-accounting-service.accountingServiceTrigger');
	const others = example.nodes
		.filter((candidate) => candidate !== trigger)
		.map((candidate) => `${candidate.type}@${candidate.typeVersion}`);
	expect(others.sort()).toEqual([
		'n8n-nodes-base.convertToFile@1.1',
		'n8n-nodes-base.readWriteFile@1',
		'n8n-nodes-base.set@3.4',
		'n8n-nodes-base.set@3.4',
		'n8n-nodes-base.stickyNote@1',
	]);
	const order = ['New sales invoice', 'Settings', 'One CSV line per invoice', 'Line as a file', 'Append the row'];
	for (let i = 0; i + 1 < order.length; i++) expect(example.connections[order[i]].main[0][0].node).toBe(order[i + 1]);
	expect(node('Append the row').parameters.options).toEqual({ append: true });
});

it('its trigger emits each new invoice once, and each becomes one CSV line equal to the record', async () => {
	const poller = new Poller(env.store, accountingServiceTriggerNode(env.credential, trigger.parameters));
	await poller.activate();
	env.clock.advance(60);
	const invoices = [
		env.create('sales_invoices'),
		env.create('sales_invoices', { fields: { contact_name: 'Zoë "The" Pâtisserie, Ltd' } }),
	];

	const emitted = (await poller.poll()).json;
	expect(emitted.map((row) => row.sales_invoice_id)).toEqual(invoices.map((invoice) => invoice.id));
	for (const row of emitted) expect(row.change_type).toBe('created');
	expect((await poller.poll()).items).toEqual([]);

	for (const [index, record] of emitted.entries()) {
		const line = Expression.resolveWithoutWorkflow(lineExpression.slice(1), { $json: record }) as string;
		const invoice = invoices[index] as IDataObject & { currency: { id: string } };
		expect(csvFields(line)).toEqual(
			[
				invoice.invoice_number,
				invoice.contact_name,
				invoice.date,
				invoice.currency.id,
				invoice.total_amount,
				invoice.created_at,
			].map(String),
		);
	}
});
