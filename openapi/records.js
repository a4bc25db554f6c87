'use strict';

const { collections, recordDefinition } = require('./collections');
const { openApi, refName } = require('./document');

/**
 * What a record of the service holds, field by field, as the OpenAPI's read definitions say: the
 * facts the node's Simplified and One Row per Line outputs are derived from. A field is
 * - `value`: a plain value (text, number, flag, date), with its type;
 * - `reference`: another record, sent as `{ id, displayed_as, $path }`;
 * - `object`: an object that exists only inside the record (an invoice's address, bank details),
 *   with its own values and references (objects and lists inside it are not listed), its `id` and
 *   `displayed_as` among them where it has them;
 * - `values` / `references`: a list of plain values, or of references;
 * - `records`: a list of objects (lines, tax analyses, allocations), with their definition.
 */

/** @typedef {'string' | 'number' | 'integer' | 'boolean' | 'date' | 'dateTime'} ValueType */

/**
 * @typedef {{ name: string, kind: 'value' | 'values', type: ValueType }
 *   | { name: string, kind: 'reference' | 'references' }
 *   | { name: string, kind: 'object', fields: RecordField[] }
 *   | { name: string, kind: 'records', definition: string }} RecordField
 */

/** @typedef {import('./document').Schema} Schema */

/** @param {Schema} schema @returns {ValueType} */
function valueType(schema) {
	switch (schema.type) {
		case 'number':
		case 'integer':
		case 'boolean':
			return schema.type;
		default:
			return schema.format === 'date' ? 'date' : schema.format === 'date-time' ? 'dateTime' : 'string';
	}
}

/**
 * A definition sent as `{ id, displayed_as, $path }` inside another record: one that holds no more
 * than that (`Base`), or the record of a collection of its own (a contact, a tax rate).
 * @param {string} name
 */
const isReference = (name) => isReferenceOnly(name) || isCollectionRecord(name);

/**
 * @param {string} name
 * @param {Schema} property
 * @param {boolean} nested inside an object: its own objects and lists are not listed
 * @returns {RecordField | undefined}
 */
function fieldOf(name, property, nested) {
	const target = refName(property);
	if (target) {
		if (isReference(target)) return { name, kind: 'reference' };
		if (nested) return undefined;
		return { name, kind: 'object', fields: fieldsOf(openApi().definitions[target], true) };
	}
	if (property.type === 'object') {
		return nested || !property.properties ? undefined : { name, kind: 'object', fields: fieldsOf(property, true) };
	}
	if (property.type === 'array') {
		if (nested) return undefined;
		const element = refName(property.items);
		if (element && isReference(element)) return { name, kind: 'references' };
		if (element) return { name, kind: 'records', definition: element };
		return { name, kind: 'values', type: valueType(property.items ?? {}) };
	}
	return { name, kind: 'value', type: valueType(property) };
}

/**
 * A definition that is only a reference (`Base`: id, displayed_as, $path), as a list of contact
 * types is, rather than a record of its own with lines' worth of fields.
 * @param {string} name
 */
function isReferenceOnly(name) {
	const fields = Object.keys(openApi().definitions[name]?.properties ?? {});
	return fields.every((field) => ['id', 'displayed_as', '$path'].includes(field));
}

/** @type {Set<string> | null} */
let collectionRecords = null;

/**
 * The record of a collection of its own (contact person types): a list of them is sent as
 * references, unlike a document's lines, which exist only inside their document.
 * @param {string} name
 */
function isCollectionRecord(name) {
	collectionRecords ??= new Set(collections().map((collection) => recordDefinition(collection.name) ?? ''));
	return collectionRecords.has(name);
}

/**
 * @param {Schema} schema
 * @param {boolean} nested
 * @returns {RecordField[]}
 */
function fieldsOf(schema, nested) {
	/** @type {RecordField[]} */
	const fields = [];
	for (const [name, property] of Object.entries(schema.properties ?? {})) {
		const field = fieldOf(name, property, nested);
		if (field) fields.push(field);
	}
	return fields;
}

/**
 * The fields of a read definition, in the OpenAPI's order.
 * @param {string} definition e.g. `SalesInvoice`
 * @returns {RecordField[]}
 */
const recordFields = (definition) => fieldsOf(openApi().definitions[definition] ?? {}, false);

module.exports = { recordFields };
