'use strict';

const { BY_NAME } = require('../../data/collections');
const { attachments } = require('../../data/kinds/attachments');
const { PAYABLE } = require('../../data/stored');
const onAccount = require('./payments-on-account');

/**
 * Which collection a request attribute names a record of. The OpenAPI's write definitions name
 * references `<thing>_id` (`contact_id`, `invoice_lines[].ledger_account_id`) and `<thing>_ids`
 * (`contact_type_ids`); the thing is the longest tail of the name that is a collection
 * (`sales_ledger_account_id` → ledger_accounts, `from_bank_account_id` → bank_accounts).
 * Names whose thing is no collection, or is ambiguous, are listed here.
 *
 * A reference must name a live record of the selected business (or a code of its reference
 * list); anything else is refused (422).
 */

const CONTEXT_SPACES = Object.fromEntries(
	Object.entries(attachments.CONTEXT_TYPES).map(([space, [id]]) => [id, space]),
);

/**
 * @typedef {object} Scope where the attribute sits
 * @property {string} collection the collection written to
 * @property {object} parent the object holding the attribute (for siblings)
 */

/** @type {Record<string, null | ((scope: Scope) => string[] | null)>} */
const SPECIAL = {
	// Documents' statuses are /artefact_statuses; a bank reconciliation's status is its own (checked by its kind).
	status_id: (scope) => (scope.collection === 'bank_reconciliations' ? null : ['artefact_statuses']),
	original_invoice_id: (scope) => [scope.collection.startsWith('sales') ? 'sales_invoices' : 'purchase_invoices'],
	invoice_id: () => ['sales_invoices'],
	original_quote_estimate_id: () => ['sales_quotes', 'sales_estimates'],
	artefact_id: () => [...PAYABLE, onAccount.SPACE],
	usual_supplier_id: () => ['contacts'],
	object_guid: () => ['sales_invoices'],
	country_of_registration_id: () => ['countries_of_registration'],
	attachment_context_id: (scope) => {
		const space = CONTEXT_SPACES[scope.parent.attachment_context_type_id];
		return space ? [space] : null;
	},
	// Not references: a category's computed id, an insurer or schema named elsewhere, a GUID of another system.
	combined_id: null,
	insurer_id: null,
	schema_id: null,
	source_guid: null,
};

/** The collection a `<thing>` names: the longest tail of it that is a collection. */
function collectionOfThing(thing) {
	const parts = thing.split('_');
	for (let i = 0; i < parts.length; i++) {
		const tail = parts.slice(i).join('_');
		for (const name of [`${tail}s`, `${tail}es`, tail.replace(/y$/, 'ies')]) if (BY_NAME.has(name)) return name;
	}
	return null;
}

/**
 * @param {string} attribute @param {Scope} scope
 * @returns {string[] | null} the collections (first match wins), or null when it is no reference
 */
function targetsOf(attribute, scope) {
	if (attribute in SPECIAL) return SPECIAL[attribute] ? SPECIAL[attribute](scope) : null;
	const match = /^(.+?)_ids?$/.exec(attribute);
	if (!match) return null;
	const name = collectionOfThing(match[1]);
	return name ? [name] : null;
}

/**
 * @typedef {{ name: string, index: number }} Resolved a record of the business
 */

/**
 * Finds every reference in a request's attributes (nested objects and arrays included) and
 * resolves it in the business. Paths with a type problem already are skipped.
 * @param {object} ctx @param {string} collection @param {object} input the attributes inside the wrapper
 * @param {(source: string, message: string) => void} report
 * @param {Set<string>} skip sources with problems already
 * @returns {Map<string, Resolved>} source (`invoice_lines.0.ledger_account_id`, `contact_type_ids.1`) → record
 */
function resolveReferences(ctx, collection, input, report, skip) {
	const resolved = new Map();
	const walk = (value, path) => {
		if (Array.isArray(value)) {
			value.forEach((item, k) => walk(item, [...path, k]));
			return;
		}
		if (value === null || typeof value !== 'object') return;
		for (const [key, v] of Object.entries(value)) {
			const here = [...path, key];
			const source = here.join('.');
			if (skip.has(source)) continue;
			const targets = typeof v === 'string' || Array.isArray(v) ? targetsOf(key, { collection, parent: value }) : null;
			if (targets && (typeof v === 'string' || key.endsWith('_ids'))) {
				const ids = Array.isArray(v) ? v.map((id, k) => [id, `${source}.${k}`]) : [[v, source]];
				for (const [id, at] of ids) {
					if (typeof id !== 'string' || skip.has(at)) continue;
					const found = find(ctx, targets, id);
					if (found) resolved.set(at, found);
					else report(at, `${at} "${id}" names no ${targets.map(label).join(' or ')} of this business`);
				}
				continue;
			}
			walk(v, here);
		}
	};
	walk(input, []);
	return resolved;
}

const label = (name) => (name === onAccount.SPACE ? 'payment on account' : name.replace(/_/g, ' ').replace(/s$/, ''));

/** @returns {Resolved|null} */
function find(ctx, names, id) {
	for (const name of names) {
		if (name === onAccount.SPACE) {
			const index = onAccount.findOnAccount(ctx, id);
			if (index >= 0) return { name, index };
			continue;
		}
		const def = BY_NAME.get(name);
		// A collection the business's country does not have holds nothing there.
		if (def.countries && !def.countries.includes(ctx.biz.country)) continue;
		const index = def.singleton ? -1 : ctx.find(name, id);
		if (index >= 0) return { name, index };
	}
	return null;
}

module.exports = { resolveReferences, targetsOf, collectionOfThing, CONTEXT_SPACES };
