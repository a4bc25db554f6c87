import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { AccountingService } from '../../../nodes/AccountingService/AccountingService.node';
import { businessSelector } from '../../../nodes/AccountingService/descriptions/business';
import { AccountingServiceTrigger } from '../../../nodes/AccountingServiceTrigger/AccountingServiceTrigger.node';
import { WATCHABLE } from '../../../nodes/AccountingServiceTrigger/description';
import { name as packageName, n8n } from '../../../package.json';

const ROOT = resolve(__dirname, '..', '..', '..');
const SOURCE = join(ROOT, 'nodes', 'AccountingServiceTrigger', 'AccountingServiceTrigger.node.ts');
const trigger = new AccountingServiceTrigger();
const { description } = trigger;
const property = (name: string) => description.properties.find((candidate) => candidate.name === name);

describe('trigger node description', () => {
	it('is a polling trigger with n8n’s standard poll times (added by n8n’s loader, not by the node)', () => {
		expect(description).toMatchObject({
			name: 'accountingServiceTrigger',
			polling: true,
			group: ['trigger'],
			inputs: [],
		});
		expect(property('pollTimes')).toBeUndefined();
		expect(typeof trigger.poll).toBe('function');
	});

	it('uses the action node’s credential, business selector and business search', () => {
		expect(description.credentials).toEqual(new AccountingService().description.credentials);
		expect(property('business')).toBe(businessSelector);
		expect(Object.keys(trigger.methods.listSearch)).toEqual(['searchBusinesses']);
	});

	it('offers Deleted Record and New, Updated or Deleted Record where the service lists deletions, Invoice Paid and Became Overdue for invoices, no expressions', () => {
		const events = description.properties.filter((candidate) => candidate.name === 'event');
		const values = events.map((event) => event.options?.map((option) => (option as { value: string }).value));
		const shown = events.map((event) => (event.displayOptions?.show?.resource ?? []) as string[]);
		const invoices = shown.findIndex((resources) => resources.includes('salesInvoice'));
		expect([...shown[invoices]].sort()).toEqual(['purchaseInvoice', 'salesInvoice']);
		expect(values[invoices]).toEqual(['new', 'newOrUpdated', 'anyChange', 'deleted', 'paid', 'becameOverdue']);
		expect(values.filter((_, index) => index !== invoices)).toEqual([
			['new', 'newOrUpdated', 'anyChange', 'deleted'],
			['new', 'newOrUpdated'],
		]);
		// Every watchable collection has exactly one Event list.
		expect(shown.flat().sort()).toEqual(WATCHABLE.map((row) => row.resource).sort());
		expect(property('resource')?.noDataExpression).toBe(true);
		for (const event of events) expect(event.noDataExpression).toBe(true);
	});

	it('offers One Row per Line for the documents with lines, Simplified, Select Included Fields and Raw everywhere; Start From with its date', () => {
		const outputs = description.properties.filter((candidate) => candidate.name === 'output');
		const values = outputs.map((output) => output.options?.map((option) => (option as { value: string }).value));
		expect(values).toEqual([
			['simplified', 'lines', 'fields', 'raw'],
			['simplified', 'fields', 'raw'],
		]);
		expect(outputs[0].displayOptions?.show?.resource).toEqual(
			expect.arrayContaining(['salesInvoice', 'purchaseInvoice']),
		);
		const shown = outputs.map((output) => (output.displayOptions?.show?.resource ?? []) as string[]);
		expect([...shown[0], ...shown[1]].sort()).toEqual(WATCHABLE.map((row) => row.resource).sort());
		expect(property('startFrom')?.options?.map((option) => (option as { value: string }).value)).toEqual([
			'now',
			'date',
			'all',
		]);
		expect(property('startDate')?.displayOptions?.show).toEqual({ startFrom: ['date'] });
		// The invoice events start from now.
		for (const name of ['startFrom', 'startDate']) {
			expect(property(name)?.displayOptions?.hide).toEqual({ event: ['paid', 'becameOverdue'] });
		}
		expect(property('fullRecords')).toBeUndefined();
	});

	it('finds its icons next to the action node’s (the build copies them to the same place in dist)', () => {
		const icon = description.icon as { light: string; dark: string };
		for (const file of [icon.light, icon.dark]) {
			expect(existsSync(resolve(dirname(SOURCE), file.replace(/^file:/, '')))).toBe(true);
		}
		expect(icon.light).not.toBe(icon.dark);
	});

	it('is registered in package.json and its codex names it', () => {
		expect(n8n.nodes).toContain('dist/nodes/AccountingServiceTrigger/AccountingServiceTrigger.node.js');
		const codex = JSON.parse(readFileSync(SOURCE.replace(/\.ts$/, '.json'), 'utf8')) as {
			node: string;
			categories: string[];
		};
		expect(codex.node).toBe(`${packageName}.${description.name}`);
		expect(codex.categories).toEqual(['Finance & Accounting']);
	});

	it('matches the reviewed snapshot (a change to the collection table shows up here)', () => {
		expect(description).toMatchSnapshot();
	});
});
