import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { oncePerNodeRun } from '../../state';
import { apiRequest } from '../../transport';
import type { ParameterReader } from '../parameters';
import { PROVIDED_BY_ITEM, elementWord, isUnset } from './attributes';
import { readKey } from './lookupQueries';
import type { CheckedRecord } from './record';

/**
 * A document line takes what it leaves out from its product or service, as the service's own
 * editor does: the item's description, and its sales (or purchase) ledger account and tax rate.
 * What the line gives always wins. Runs after the item codes are looked up (the line then names
 * the item's ID) and before the tax amounts are computed (so the item's tax rate counts).
 */

const ITEMS = [
	{ attribute: 'product_id', noun: 'product', path: '/products' },
	{ attribute: 'service_id', noun: 'service', path: '/services' },
] as const;

/** The item a line names: its product, else its service. */
const namedItem = (line: IDataObject) => ITEMS.find((item) => !isUnset(line[item.attribute]));

/**
 * What a line takes from its item, for both sides at once, so that one read serves sales and
 * purchase documents alike; the item-code lookup asks for them too (lookups.ts), and its answer
 * then serves here without a second read.
 */
export const ITEM_DEFAULT_ATTRIBUTES = [
	'description',
	'purchase_description',
	'sales_ledger_account',
	'sales_tax_rate',
	'purchase_ledger_account',
	'purchase_tax_rate',
];

type Side = 'sales' | 'purchase';

/** Line attribute → what the item's record gives it, for a document of that side. */
const DEFAULTS: Record<string, (item: IDataObject, side: Side) => unknown> = {
	// A purchase document describes what was bought as the item's purchase description says.
	description: (item, side) =>
		side === 'purchase' && !isUnset(item.purchase_description) ? item.purchase_description : item.description,
	ledger_account_id: (item, side) => (item[`${side}_ledger_account`] as IDataObject | null | undefined)?.id,
	tax_rate_id: (item, side) => (item[`${side}_tax_rate`] as IDataObject | null | undefined)?.id,
};

const sideOf = (checked: CheckedRecord): Side =>
	checked.schema.wrapper.startsWith('purchase_') ? 'purchase' : 'sales';

const itemKey = (business: string | undefined, path: string, id: string) => readKey(business, path, id);

/** An item the item-code lookup already read with the attributes above: no line reads it again. */
export function rememberItemRecord(
	context: IExecuteFunctions,
	path: string,
	business: string | undefined,
	record: IDataObject,
): void {
	void oncePerNodeRun(context, 'lineItems', itemKey(business, path, String(record.id)), async () => record);
}

/**
 * One product or service, read once per node run and business however many lines and items
 * name it. A failed read is not kept, so the next item asks again.
 */
async function itemRecord(
	context: IExecuteFunctions,
	path: string,
	id: string,
	business: string | undefined,
	scope: ReturnType<ParameterReader['requestScope']>,
): Promise<IDataObject> {
	return await oncePerNodeRun(context, 'lineItems', itemKey(business, path, id), async () => {
		const response = await apiRequest.call(context, {
			path: `${path}/${encodeURIComponent(id)}`,
			qs: { attributes: ITEM_DEFAULT_ATTRIBUTES.join(',') },
			business,
			...scope,
		});
		return response.body;
	});
}

const isNotFound = (error: unknown) => String((error as { httpCode?: unknown } | null)?.httpCode) === '404';

/**
 * Fills in each line's description, ledger account and tax rate that the line leaves out from the
 * product or service it names; then refuses a line that still lacks a required one, naming the
 * line, the attribute and the item that had none.
 */
export async function withItemDefaults(
	this: IExecuteFunctions,
	checked: CheckedRecord,
	business: string | undefined,
	parameters: ParameterReader,
): Promise<void> {
	const side = sideOf(checked);
	const scope = parameters.requestScope();
	const pending: Array<{ listName: string; index: number; line: IDataObject; wanted: string[] }> = [];
	for (const listName of checked.origins.keys()) {
		const lines = checked.record[listName];
		const field = checked.schema.fields.find((candidate) => candidate.name === listName);
		if (!Array.isArray(lines) || !/_lines$/.test(listName) || !field?.fields) continue;
		const offered = Object.keys(DEFAULTS).filter((name) => field.fields?.some((child) => child.name === name));
		(lines as IDataObject[]).forEach((line, index) => {
			const wanted = offered.filter((name) => isUnset(line[name]));
			if (wanted.length && namedItem(line)) {
				pending.push({ listName, index, line, wanted });
			}
		});
	}

	// Every read starts at once; the first problem in the order the user gave the lines is reported.
	const reads = pending.map(async ({ line }) => {
		const item = namedItem(line)!;
		return { item, record: await itemRecord(this, item.path, String(line[item.attribute]), business, scope) };
	});
	const results = await Promise.allSettled(reads);
	pending.forEach(({ listName, index, line, wanted }, position) => {
		const origins = checked.origins.get(listName)!;
		const where = `${elementWord(listName)} ${origins.lines[index]?.number ?? index + 1}`;
		const result = results[position];
		if (result.status === 'rejected') {
			const item = namedItem(line)!;
			if (!isNotFound(result.reason)) throw result.reason;
			parameters.fail(
				origins.label,
				`${where}: "${origins.naming(item.attribute)}": no ${item.noun} has the ID "${String(line[item.attribute])}"`,
			);
		}
		const { item, record } = result.value;
		for (const name of wanted) {
			const value = DEFAULTS[name](record, side);
			if (!isUnset(value)) line[name] = value as IDataObject[string];
		}
		const missing = origins.required.find((name) => PROVIDED_BY_ITEM.includes(name) && isUnset(line[name]));
		if (missing) {
			parameters.fail(
				origins.label,
				`${where}: "${origins.naming(missing)}" is required, and ${item.noun} "${String(line[item.attribute])}" has none to take it from`,
			);
		}
	});
}
