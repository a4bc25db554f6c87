import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { WriteSchema } from '../../collections/types';
import type { ParameterReader } from '../parameters';
import { elementWord } from './attributes';
import { ledgerAccountsByNominalCode, recordsWhere, searchTermOf, type LookupScope } from './lookupQueries';
import { keyText, listed, sameKey } from './keyText';
import { ITEM_DEFAULT_ATTRIBUTES, rememberItemRecord } from './lineDefaults';
import type { CheckedRecord } from './record';

/**
 * Values given the way people name things — a contact's reference or e-mail, a product's item
 * code, a ledger account's nominal code — looked up to the IDs the service takes. Only when the
 * user says so in the operation's options: an ID is never guessed to be a code, nor a code an ID.
 * Keys are matched by one rule everywhere (keyText.ts).
 */

export const CONTACT_GIVEN_BY = ['id', 'reference', 'email'] as const;
export const LINE_ITEMS_GIVEN_BY = ['id', 'itemCode'] as const;
export const LEDGER_ACCOUNTS_GIVEN_BY = ['id', 'nominalCode'] as const;

export interface LookupChoices {
	contact: (typeof CONTACT_GIVEN_BY)[number];
	lineItems: (typeof LINE_ITEMS_GIVEN_BY)[number];
	ledgerAccounts: (typeof LEDGER_ACCOUNTS_GIVEN_BY)[number];
}

const linesWith = (schema: WriteSchema, attributes: string[]) =>
	schema.fields.filter(
		(field) =>
			field.type === 'array' &&
			/_lines$/.test(field.name) &&
			!!field.fields?.some((child) => attributes.includes(child.name)),
	);

/** Which lookups a create's or update's request schema allows: a contact of a document or payment, its lines' items and accounts. */
export function lookupsOffered(schema: WriteSchema): Record<keyof LookupChoices, boolean> {
	const hasList = schema.fields.some(
		(field) => field.type === 'array' && (/_lines$/.test(field.name) || field.name === 'allocated_artefacts'),
	);
	return {
		contact: hasList && schema.fields.some((field) => field.name === 'contact_id'),
		lineItems: linesWith(schema, ['product_id', 'service_id']).length > 0,
		ledgerAccounts: linesWith(schema, ['ledger_account_id']).length > 0,
	};
}

/** The choices of the operation's options; ID (no lookup) where the option is not set. */
export function lookupChoices(parameters: ParameterReader): LookupChoices {
	const options = (parameters.value('options', {}) ?? {}) as IDataObject;
	return {
		contact: parameters.choice('Contact Given By', options.contactGivenBy ?? 'id', CONTACT_GIVEN_BY),
		lineItems: parameters.choice('Line Items Given By', options.lineItemsGivenBy ?? 'id', LINE_ITEMS_GIVEN_BY),
		ledgerAccounts: parameters.choice(
			'Ledger Accounts Given By',
			options.ledgerAccountsGivenBy ?? 'id',
			LEDGER_ACCOUNTS_GIVEN_BY,
		),
	};
}

/** One value to look up, where it came from, and where its ID goes. */
interface Lookup {
	field: string;
	/** Inside the field: `line 3: "Product"`; empty for the contact. */
	inside: string;
	value: string;
	/** "no product has the item code …" */
	noun: string;
	by: string;
	find: () => Promise<IDataObject[]>;
	assign: (found: IDataObject) => void;
}

const LINE_ITEMS: Array<{ attribute: string; noun: string; path: string }> = [
	{ attribute: 'product_id', noun: 'product', path: '/products' },
	{ attribute: 'service_id', noun: 'service', path: '/services' },
];

const anyFound = () => true;

/**
 * Replaces the looked-up values of a checked record by their IDs: each distinct value is read once
 * per node run and business (through the transport, so the request budget counts it). A value
 * that names no record, or several, fails the item naming the value and where it was given,
 * before anything is written.
 */
export async function withLookedUpIds(
	this: IExecuteFunctions,
	checked: CheckedRecord,
	business: string | undefined,
	parameters: ParameterReader,
): Promise<void> {
	const offered = lookupsOffered(checked.schema);
	const choices = lookupChoices(parameters);
	const scope: LookupScope = parameters.requestScope();
	const searchable = (field: string, inside: string, value: string, what: string) => {
		const term = searchTermOf(value);
		if (!term) {
			fail(
				parameters,
				{ field, inside },
				`${what} "${value}" does not start with a letter or digit, so it cannot be searched; give the ID instead`,
			);
		}
		return term;
	};
	const lookups: Lookup[] = [];
	const { record } = checked;

	if (offered.contact && choices.contact !== 'id' && typeof record.contact_id === 'string') {
		const value = record.contact_id.trim();
		const byEmail = choices.contact === 'email';
		const query = byEmail ? { email: value } : { search: searchable('contact_id', '', value, 'the reference') };
		lookups.push({
			field: 'contact_id',
			inside: '',
			value,
			noun: 'contact',
			by: byEmail ? 'the e-mail' : 'the reference',
			find: async () =>
				await recordsWhere.call(
					this,
					{
						path: '/contacts',
						attribute: byEmail ? 'email' : 'reference',
						value,
						query,
						// The service's e-mail filter matches any contact person's address, the main one or not.
						same: byEmail ? anyFound : sameKey,
					},
					business,
					scope,
				),
			assign: (found) => (record.contact_id = String(found.id)),
		});
	}

	for (const [listName, origins] of checked.origins) {
		const lines = record[listName];
		if (!Array.isArray(lines) || !/_lines$/.test(listName)) continue;
		(lines as IDataObject[]).forEach((line, index) => {
			const origin = origins.lines[index];
			const at = (attribute: string) =>
				`${elementWord(listName)} ${origin?.number ?? index + 1}: "${origins.naming(attribute)}":`;
			const given = (attribute: string) =>
				typeof line[attribute] === 'string' && !origin?.pickedFromList.has(attribute)
					? (line[attribute] as string).trim()
					: undefined;
			if (offered.lineItems && choices.lineItems === 'itemCode') {
				for (const item of LINE_ITEMS) {
					const value = given(item.attribute);
					if (value === undefined) continue;
					const search = searchable(origins.label, at(item.attribute), value, 'the item code');
					lookups.push({
						field: origins.label,
						inside: at(item.attribute),
						value,
						noun: item.noun,
						by: 'the item code',
						find: async () =>
							await recordsWhere.call(
								this,
								{
									path: item.path,
									attribute: 'item_code',
									value,
									query: { search },
									same: sameKey,
									alsoAsk: ITEM_DEFAULT_ATTRIBUTES,
								},
								business,
								scope,
							),
						assign: (found) => {
							line[item.attribute] = String(found.id);
							rememberItemRecord(this, item.path, business, found);
						},
					});
				}
			}
			const account = given('ledger_account_id');
			if (offered.ledgerAccounts && choices.ledgerAccounts === 'nominalCode' && account !== undefined) {
				lookups.push({
					field: origins.label,
					inside: at('ledger_account_id'),
					value: account,
					noun: 'ledger account',
					by: 'the nominal code',
					find: async () => (await ledgerAccountsByNominalCode.call(this, business, scope)).get(keyText(account)) ?? [],
					assign: (found) => (line.ledger_account_id = String(found.id)),
				});
			}
		});
	}

	// Every read starts at once; the first problem in the order the user gave the values is reported.
	const results = await Promise.allSettled(lookups.map(async (lookup) => await lookup.find()));
	lookups.forEach((lookup, index) => {
		const result = results[index];
		if (result.status === 'rejected') throw result.reason;
		const matches = result.value;
		if (matches.length !== 1) {
			fail(
				parameters,
				lookup,
				matches.length
					? `${matches.length} ${lookup.noun}s have ${lookup.by} "${lookup.value}": ${listed(matches)}; give the ID of the one meant`
					: `no ${lookup.noun} has ${lookup.by} "${lookup.value}"`,
			);
		}
		lookup.assign(matches[0]);
	});
}

function fail(parameters: ParameterReader, where: { field: string; inside: string }, problem: string): never {
	return parameters.fail(where.field, where.inside ? `${where.inside} ${problem}` : problem);
}
