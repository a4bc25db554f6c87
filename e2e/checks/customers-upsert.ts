import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { outputOf, type RunData } from '../n8n-cli';
import type { ServiceReader } from '../service-reader';
import { expect, runOf, type CheckContext, type ExampleCheck, type PrepareContext } from './types';

const NODE = 'Create or update customer';
const FILE = 'customers.csv';

interface Row {
	reference: string;
	name: string;
	email: string;
}

/** The rows prepare wrote, the existing customer among them, and the contacts before the run. */
let plan: { rows: Row[]; existingId: string; before: number } | undefined;

const totalOf = async (reader: ServiceReader) =>
	(await reader.get<{ $total: number }>('/contacts?items_per_page=1')).$total;

/** Two new customers and one the business already has (by its reference), with a new name. */
async function prepare({ folder, reader }: PrepareContext): Promise<Record<string, string>> {
	const [existing] = (
		await reader.get<{ $items: Array<{ id: string; reference: string | null }> }>(
			'/contacts?contact_type_id=CUSTOMER&attributes=reference&items_per_page=20',
		)
	).$items.filter((customer) => !!customer.reference && /^[A-Za-z0-9]+$/.test(customer.reference));
	expect(existing !== undefined, 'the sandbox has no customer with a plain reference');
	const rows: Row[] = [
		{ reference: 'SHEETC01', name: 'Harbour Roasters', email: 'orders@harbour.example' },
		{ reference: existing.reference!, name: 'Renamed from the sheet', email: 'accounts@renamed.example' },
		{ reference: 'SHEETC02', name: 'Hill & Dale Café', email: 'hello@hilldale.example' },
	];
	const quote = (field: string) => (/[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);
	const lines = [['reference', 'name', 'email'], ...rows.map((row) => [row.reference, row.name, row.email])];
	writeFileSync(join(folder, FILE), lines.map((line) => line.map(quote).join(',')).join('\n') + '\n');
	plan = { rows, existingId: existing.id, before: await totalOf(reader) };
	return { file: FILE };
}

function operations(run: RunData): Array<{ id: string; operation: string; reference: string }> {
	return outputOf(run, NODE).map((item) => ({
		id: String(item.json.contact_id),
		operation: String(item.json.operation),
		reference: String(item.json.reference),
	}));
}

/**
 * The customers example, run twice: the first run creates the two new customers and updates the
 * existing one; the second updates all three and creates nothing.
 */
async function check(context: CheckContext): Promise<string> {
	const { reader, executeAgain } = context;
	expect(plan !== undefined && executeAgain !== undefined, 'this check needs the prepared sheet and a second run');
	const { rows, existingId, before } = plan;
	const first = operations(runOf(context));
	expect(
		JSON.stringify(first.map((item) => [item.reference, item.operation])) ===
			JSON.stringify(rows.map((row, index) => [row.reference, index === 1 ? 'updated' : 'created'])),
		`the first run: ${JSON.stringify(first)}`,
	);
	expect(first[1].id === existingId, `the existing customer ${rows[1].reference} was not the one updated`);
	expect((await totalOf(reader)) === before + 2, 'the first run should create exactly two contacts');
	for (const [index, row] of rows.entries()) {
		const stored = await reader.get<{ name: string; reference: string }>(`/contacts/${first[index].id}`);
		expect(
			stored.name === row.name && stored.reference === row.reference,
			`${row.reference}: the service has ${JSON.stringify(stored.name)}`,
		);
	}
	const second = operations(await executeAgain());
	expect(
		second.every((item, index) => item.operation === 'updated' && item.id === first[index].id),
		`the second run: ${JSON.stringify(second)}`,
	);
	expect((await totalOf(reader)) === before + 2, 'the second run created contacts; it should only update');
	return `3 rows → 2 customers created, ${rows[1].reference} updated; run again: 3 updated, 0 created`;
}

export const customersUpsertCheck: ExampleCheck = {
	workflowId: 'acctCustomersUpsert',
	runs: 'execute',
	settings: {},
	prepare,
	check,
};
