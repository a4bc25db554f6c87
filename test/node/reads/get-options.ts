// Get's own options: every query parameter the OpenAPI declares for a record's GET, for every
// resource, through n8n's engine. The node sends each in the service's format, the sandbox (as
// strict as the service) takes it, and `mark_as_sent` is never among them.
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { AccountingService } from '../../../nodes/AccountingService/AccountingService.node';
import type { FilterDefinition } from '../../../nodes/AccountingService/collections/filters';
import {
	COLLECTIONS,
	findCollection,
	type CollectionDefinition,
} from '../../../nodes/AccountingService/collections/table';
import { recordParameters } from '../../../openapi/collections';
import type { Parameter } from '../../../openapi/document';
import { attributesFor } from '../../../nodes/AccountingService/output/output';
import { keyColumnOf } from '../../../nodes/AccountingService/output/shape';
import { useConnectedSandbox } from '../connected-sandbox';
import { sample } from '../query-samples';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const gettable = COLLECTIONS.filter((row) => row.singleton || row.getById);
const OUTPUT_OPTIONS = ['includeBusiness', 'showLegacyId'];

/** The field type each kind of query parameter gets, as the filters have it. */
const FIELD_TYPE: Record<FilterDefinition['kind'], string> = {
	boolean: 'boolean',
	string: 'string',
	options: 'options',
	date: 'dateTime',
	dateTime: 'dateTime',
	number: 'number',
	integer: 'number',
};

/** What the service wants together: balance details are for a period (the OpenAPI: "requires from_date and to_date"). */
const TOGETHER: Record<string, string[]> = { show_balance_details: ['from_date', 'to_date'] };
const PERIOD: Record<string, { typed: string; sent: string }> = {
	from_date: { typed: '2024-01-01', sent: '2024-01-01' },
	to_date: { typed: '2024-12-31', sent: '2024-12-31' },
};

/** The Options collection the editor shows for Get of a resource. */
function getOptionsField(resource: string): INodeProperties | undefined {
	return new AccountingService().description.properties.find(
		(property) =>
			property.name === 'options' &&
			property.displayOptions?.show?.operation?.includes('get') &&
			property.displayOptions?.show?.resource?.includes(resource),
	);
}

describe('the description', () => {
	it.each(gettable.map((row) => [row.path, row] as const))(
		'%s: Get offers what the record’s GET declares but mark_as_sent, typed as filters are, beside its output options',
		(path, row) => {
			const declared = (recordParameters(path, row.singleton) as Parameter[])
				.map((parameter) => parameter.name)
				.filter((name) => name !== 'mark_as_sent');
			expect(row.getOptions.map((option) => option.query)).toEqual(declared);

			const fields = (getOptionsField(row.resource)?.options ?? []) as INodeProperties[];
			const outputs = row.singleton ? ['includeBusiness'] : OUTPUT_OPTIONS;
			expect(fields.map((field) => field.name).sort()).toEqual(
				[...new Set([...outputs, ...row.getOptions.map((option) => option.name)])].sort(),
			);
			for (const option of row.getOptions) {
				expect(option.name).toBe(option.query.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
				expect(option.description.length).toBeGreaterThan(10);
				const field = fields.find((candidate) => candidate.name === option.name);
				if (OUTPUT_OPTIONS.includes(option.name)) continue;
				expect(field?.type).toBe(FIELD_TYPE[option.kind]);
				expect(field?.displayName).toBe(option.displayName);
			}
			expect(fields.map((field) => field.displayName)).toEqual(
				fields.map((field) => field.displayName).sort((a, b) => a.localeCompare(b)),
			);
		},
	);

	it('keeps Include Business and Show Legacy ID as they were', () => {
		const fields = (getOptionsField('salesInvoice')?.options ?? []) as INodeProperties[];
		expect(fields.find((field) => field.name === 'includeBusiness')).toMatchObject({
			displayName: 'Include Business',
			type: 'boolean',
			default: true,
		});
		expect(fields.find((field) => field.name === 'showLegacyId')).toMatchObject({
			displayName: 'Show Legacy ID',
			type: 'boolean',
			default: true,
		});
		const settings = (getOptionsField('financialSettings')?.options ?? []) as INodeProperties[];
		expect(settings.map((field) => field.name)).toEqual(['includeBusiness']);
	});

	it('never offers mark_as_sent, which would mark the document as sent by reading it', () => {
		for (const row of COLLECTIONS) expect(row.getOptions.map((option) => option.query)).not.toContain('mark_as_sent');
		for (const resource of ['salesInvoice', 'salesCreditNote', 'salesCorrectiveInvoice']) {
			expect(findCollection(resource)?.markAsSent).toBe(true);
			const fields = (getOptionsField(resource)?.options ?? []) as Array<INodeProperties | INodePropertyCollection>;
			expect(fields.map((field) => field.displayName)).not.toContain('Mark as Sent');
		}
	});

	it('the ledger account’s balance period is in days, as its filters are', () => {
		const ledgerAccount = findCollection('ledgerAccount')!;
		for (const query of ['from_date', 'to_date'])
			expect(ledgerAccount.getOptions.find((option) => option.query === query)?.kind).toBe('date');
	});
});

type Business = { id: string; lead: boolean };

/** A record of the row to get, in the first business that has one; none when no business of the sandbox has one. */
async function recordToGet(row: CollectionDefinition): Promise<{ id: string; business: Business } | undefined> {
	const dataset = env.sandbox.dataset;
	const business = (dataset.businesses as Business[]).find((candidate) => dataset.count(candidate.id, row.path) > 0);
	if (!business) return undefined;
	const list = await env.fetchDirect(`/${row.path}?items_per_page=1`, { 'X-Business': business.id });
	return { id: String((list.body.$items as IDataObject[])[0].id), business };
}

const cases = gettable.flatMap((row) =>
	row.getOptions
		.filter((option) => !OUTPUT_OPTIONS.includes(option.name))
		.map((option) => [`${row.path} ${option.query}`, row, option] as const),
);

it('covers every Get option of every resource', () => {
	expect(cases.length).toBe(gettable.reduce((sum, row) => sum + row.getOptions.length, 0));
	expect(cases.length).toBe(127);
});

it.each(cases)('%s: sent as the service expects and accepted', async (_name, row: CollectionDefinition, option) => {
	const target = await recordToGet(row);
	const chosen: INodeParameters = { [option.name]: sample(option).typed };
	const expected: Record<string, string> = { [option.query]: sample(option).sent };
	for (const query of TOGETHER[option.query] ?? []) {
		const partner = row.getOptions.find((candidate) => candidate.query === query)!;
		chosen[partner.name] = PERIOD[query].typed;
		expected[query] = PERIOD[query].sent;
	}
	const position = env.sandbox.log.entries().length;

	const result = await env.runNode({
		resource: row.resource,
		operation: 'get',
		...(row.singleton ? {} : { id: { __rl: true, mode: 'id', value: target?.id ?? 'no-such-record' } }),
		...(target && !target.business.lead ? { business: { __rl: true, mode: 'id', value: target.business.id } } : {}),
		// Raw: the options as chosen, and nothing else (Simplified adds the attributes its row needs).
		output: 'raw',
		options: chosen,
	});

	const [request] = env.apiRequestsSince(position);
	const query = new URL(request.path, 'http://sandbox').searchParams;
	expect(Object.fromEntries(query)).toEqual(expected);
	if (target) {
		expect(result.error?.message).toBeUndefined();
		expect(result.json(NODE).map((item) => item.id)).toEqual([target.id]);
	} else {
		// No business of the sandbox has one (tax offices are German): the service's only objection is the record.
		expect(String((result.error as { httpCode?: string } | undefined)?.httpCode)).toBe('404');
	}
});

it('Get without options sends no query: mark_as_sent is never sent, so reading leaves the invoice as it was', async () => {
	const row = findCollection('salesInvoice')!;
	const target = (await recordToGet(row))!;
	const parameters = { resource: 'salesInvoice', operation: 'get', id: { __rl: true, mode: 'id', value: target.id } };
	let position = env.sandbox.log.entries().length;
	const result = await env.runNode({ ...parameters, output: 'raw' });
	expect(result.error).toBeUndefined();
	expect(env.apiRequestsSince(position).map((entry) => entry.path)).toEqual([`/sales_invoices/${target.id}`]);

	// The default output (Simplified) sends only the attributes its row needs: still no mark_as_sent.
	position = env.sandbox.log.entries().length;
	const simplified = await env.runNode(parameters);
	expect(simplified.error).toBeUndefined();
	expect(simplified.json(NODE).map((item) => item[keyColumnOf(row)])).toEqual([target.id]);
	const requests = env.apiRequestsSince(position);
	expect(requests.map((entry) => entry.path.split('?')[0])).toEqual([`/sales_invoices/${target.id}`]);
	expect(Object.fromEntries(new URL(requests[0].path, 'http://sandbox').searchParams)).toEqual({
		attributes: attributesFor(row, 'simplified'),
	});
});

it('Show Legacy ID is still sent as show_legacy_id=true beside the declared options', async () => {
	const target = (await recordToGet(findCollection('salesInvoice')!))!;
	const position = env.sandbox.log.entries().length;
	const parameters = {
		resource: 'salesInvoice',
		operation: 'get',
		id: { __rl: true, mode: 'id', value: target.id },
		options: { showLegacyId: true, showAnalysisTypes: true },
	};
	const result = await env.runNode({ ...parameters, output: 'raw' });
	expect(result.error).toBeUndefined();
	const [request] = env.apiRequestsSince(position);
	expect(Object.fromEntries(new URL(request.path, 'http://sandbox').searchParams)).toEqual({
		show_analysis_types: 'true',
		show_legacy_id: 'true',
	});
	expect(typeof result.json(NODE)[0].legacy_id).toBe('number');

	// The default output (Simplified): the same options beside the attributes its row needs, legacy_id kept.
	const again = env.sandbox.log.entries().length;
	const simplified = await env.runNode(parameters);
	expect(simplified.error).toBeUndefined();
	const [asked] = env.apiRequestsSince(again);
	expect(Object.fromEntries(new URL(asked.path, 'http://sandbox').searchParams)).toEqual({
		attributes: attributesFor(findCollection('salesInvoice')!, 'simplified'),
		show_analysis_types: 'true',
		show_legacy_id: 'true',
	});
	const [row] = simplified.json(NODE);
	expect(row.sales_invoice_id).toBe(target.id);
	expect(row.legacy_id).toBe(result.json(NODE)[0].legacy_id);
});

it('refuses a From Date after the To Date of a ledger account’s balance before sending anything', async () => {
	const target = (await recordToGet(findCollection('ledgerAccount')!))!;
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode({
		resource: 'ledgerAccount',
		operation: 'get',
		id: { __rl: true, mode: 'id', value: target.id },
		options: { showBalanceDetails: true, fromDate: '2024-12-31', toDate: '2024-01-01' },
	});
	expect(result.error?.message).toMatch(/From Date.*after To Date/);
	expect(env.apiRequestsSince(position)).toHaveLength(0);
});

it('Get of a sales invoice with Show Payments Allocations returns its payments and allocations', async () => {
	const paid = await env.fetchDirect('/sales_invoices?status_id=PAID&items_per_page=1');
	const id = String((paid.body.$items as IDataObject[])[0].id);

	const result = await env.runNode({
		resource: 'salesInvoice',
		operation: 'get',
		id: { __rl: true, mode: 'id', value: id },
		output: 'raw',
		options: { showPaymentsAllocations: true },
	});

	expect(result.error).toBeUndefined();
	const [invoice] = result.json(NODE);
	expect(invoice).toEqual((await env.fetchDirect(`/sales_invoices/${id}?show_payments_allocations=true`)).body);
	const allocations = invoice.payments_allocations as IDataObject[];
	expect(Array.isArray(allocations)).toBe(true);
	expect(allocations.length).toBeGreaterThan(0);
	const allocated = allocations.reduce((sum, allocation) => sum + Number(allocation.amount), 0);
	expect(allocated).toBeCloseTo(Number(invoice.payments_allocations_total_amount), 2);
});
