// Select Included Fields' list of columns, named so a person and a model understand it: its
// label is not the write form's "Fields" (the resource mapper), its description says an ID there
// is the column's name, a ✨ argument named after the label takes the names as a model writes
// them, errors name the list as the editor shows it, and the docs and examples say the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { includedFieldsProperty } from '../../../nodes/AccountingService/output/includedFields';
import { useConnectedSandbox } from '../connected-sandbox';
import { answerOf, callTools } from '../tool-sandbox';

const env = useConnectedSandbox();
const root = join(__dirname, '..', '..', '..');
const label = includedFieldsProperty.displayName;

/** The argument name n8n's ✨ (Let the model define this parameter) derives from a label. */
const fromAiKey = (displayName: string) => displayName.replace(/[^a-zA-Z0-9_-]/g, '_');

const columnsTool = {
	invoice_columns: {
		resource: 'salesInvoice',
		operation: 'getAll',
		limit: 2,
		output: 'fields',
		fields: `={{ $fromAI('${fromAiKey(label)}', \`\`, 'string') }}`,
	},
};

describe('the list of columns of Select Included Fields', () => {
	it('is labelled for columns, not as the write form’s Fields, and says an ID there is the column’s name', () => {
		expect(label).not.toMatch(/^Fields?\b/);
		expect(label).toMatch(/^Column/);
		expect(includedFieldsProperty.description).toMatch(/ID is (its|the column’s) name/);
	});

	it.each([
		['names separated by commas', 'invoice_number, total_amount'],
		['a JSON list of names', '["invoice_number","total_amount"]'],
	])('a model’s ✨ argument, %s, gives rows of exactly those columns', async (_how, names) => {
		const [result] = await callTools(env, columnsTool, [
			{ tool: 'invoice_columns', arguments: { [fromAiKey(label)]: names } },
		]);
		const rows = answerOf(result).filter((row) => !('note' in row));
		expect(rows).toHaveLength(2);
		for (const row of rows) expect(Object.keys(row)).toEqual(['sales_invoice_id', 'invoice_number', 'total_amount']);
	});

	it('an unknown column is refused naming the list as the editor shows it', async () => {
		const run = await env.runNode({
			resource: 'contact',
			operation: 'getAll',
			limit: 1,
			output: 'fields',
			fields: ['colour'],
		});
		expect(run.error?.message).toMatch(new RegExp(`^Invalid "${label}": "colour" is not a column of contacts`));
	});

	const notes = (file: string) =>
		(JSON.parse(readFileSync(join(root, file), 'utf8')) as { nodes: IDataObject[] }).nodes
			.filter((node) => String(node.type).endsWith('stickyNote'))
			.map((node) => String((node.parameters as IDataObject).content))
			.join('\n');
	it.each([
		['README.md', () => readFileSync(join(root, 'README.md'), 'utf8')],
		['docs/spreadsheets-and-tables.md', () => readFileSync(join(root, 'docs/spreadsheets-and-tables.md'), 'utf8')],
		['docs/examples.md', () => readFileSync(join(root, 'docs/examples.md'), 'utf8')],
		['docs/screenshots.md', () => readFileSync(join(root, 'docs/screenshots.md'), 'utf8')],
		['the spreadsheet example’s notes', () => notes('examples/sales-invoices-to-spreadsheet.json')],
		['the Data Table example’s notes', () => notes('examples/mirror-sales-invoices-to-data-table.json')],
	])('%s names the list by its label', (_where, text) => {
		const said = text();
		expect(said).toContain(label);
		expect(said).not.toMatch(/\*{1,2}Fields\*{1,2}|Fields list/);
	});
});
