/**
 * Derives the node's collection table from the production OpenAPI: one row for every list path
 * and every settings object, with its filters, sort fields, search, availability and write
 * methods. The output is committed; `--check` fails when it differs from what the OpenAPI gives.
 * What we know better than the OpenAPI lives in collections/overlay.ts, never in the output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import * as prettier from 'prettier';

import type {
	FilterDefinition,
	FilterKind,
	GeneratedCollection,
	WriteField,
	WriteFieldType,
	WriteMethods,
	WriteSchema,
} from '../nodes/AccountingService/collections/types';

const OPENAPI = resolve(__dirname, '..', 'reference', 'accounting-v3.1-openapi.json');
export const GENERATED = resolve(__dirname, '..', 'nodes', 'AccountingService', 'collections', 'generated.ts');
export const GENERATED_WRITES = resolve(
	__dirname,
	'..',
	'nodes',
	'AccountingService',
	'collections',
	'generated-writes.ts',
);

interface Parameter {
	in: string;
	name: string;
	type?: string;
	format?: string;
	enum?: string[];
	description?: string;
	schema?: { $ref?: string };
}
interface Operation {
	description?: string;
	tags?: string[];
	parameters?: Parameter[];
	responses?: Record<string, { schema?: { type?: string; $ref?: string; items?: { $ref?: string } } }>;
}
type PathItem = Partial<Record<'get' | 'post' | 'put' | 'delete', Operation>> & { 'x-sage-pathtitle'?: string };
interface Schema {
	type?: string;
	format?: string;
	enum?: string[];
	description?: string;
	maxLength?: number;
	required?: string[];
	properties?: Record<string, Schema>;
	items?: Schema;
	$ref?: string;
}
interface OpenApiDocument {
	paths: Record<string, PathItem>;
	definitions: Record<string, Schema>;
}

/** Parameters that page the list or shape its items; the node offers them elsewhere. */
const NOT_FILTERS = new Set(['page', 'items_per_page', 'attributes', 'sort', 'search']);

const ACRONYMS: Record<string, string> = { id: 'ID', eu: 'EU', cis: 'CIS', coa: 'COA', datev: 'DATEV', vat: 'VAT' };
const SMALL_WORDS = new Set(['of', 'and', 'or', 'the', 'to', 'in', 'for', 'by']);

function titleCase(words: string[]): string {
	return words
		.map((word, index) => {
			const lower = word.toLowerCase();
			if (ACRONYMS[lower]) return ACRONYMS[lower];
			if (index > 0 && SMALL_WORDS.has(lower)) return lower;
			return lower.charAt(0).toUpperCase() + lower.slice(1);
		})
		.join(' ');
}

const wordsOf = (text: string) =>
	text
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.split(/[\s_]+/)
		.filter(Boolean);

const camelCase = (text: string) =>
	wordsOf(text)
		.map((word, index) =>
			index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
		)
		.join('');

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The OpenAPI's first sentence, without its "Use this to" preamble. */
function cleanDescription(text: string | undefined, kind: FilterKind): string {
	const first = (text ?? '')
		.split(/\n|(?<=\.)\s/)[0]
		.trim()
		.replace(/\.$/, '');
	const plain = upperFirst(first.replace(/^Use this to\s+/i, ''));
	if (kind !== 'boolean' || /^Whether\b/.test(plain)) return plain;
	return `Whether to ${lowerFirst(plain)}`;
}

/** "sales" → "Sales", "other_payments" → "Other Payments", "CA_GST_HST" → "CA GST HST". */
function optionName(value: string): string {
	return wordsOf(value)
		.map((word) => (word === word.toUpperCase() && word.length <= 3 ? word : titleCase([word])))
		.join(' ');
}

function filterKind(parameter: Parameter): FilterKind {
	if (parameter.enum?.length) return 'options';
	if (parameter.type === 'boolean') return 'boolean';
	if (parameter.type === 'integer') return 'integer';
	if (parameter.type === 'number') return 'number';
	if (parameter.format === 'date') return 'date';
	if (parameter.format === 'date-time') return 'dateTime';
	return 'string';
}

function filterOf(parameter: Parameter): FilterDefinition {
	const kind = filterKind(parameter);
	return {
		name: camelCase(parameter.name),
		query: parameter.name,
		displayName: titleCase(wordsOf(parameter.name)),
		kind,
		description: cleanDescription(parameter.description, kind),
		...(parameter.enum?.length ? { options: parameter.enum.map((value) => ({ name: optionName(value), value })) } : {}),
	};
}

function sortFields(parameters: Parameter[]): string[] {
	const sort = parameters.find((parameter) => parameter.name === 'sort');
	const listed = /Available attributes are:\s*\n([^\n]+)/.exec(sort?.description ?? '')?.[1] ?? '';
	return listed
		.split(',')
		.map((field) => field.trim())
		.filter(Boolean);
}

const COUNTRY_NAMES: Record<string, string> = {
	CA: 'Canada',
	DE: 'Germany',
	ES: 'Spain',
	FR: 'France',
	GB: 'the UK',
	IE: 'Ireland',
	US: 'the US',
};
/** Where most endpoints exist: every country but Germany, in Accounting Start and Plus. */
const USUAL_COUNTRIES = ['CA', 'ES', 'FR', 'GB', 'IE', 'US'];
const USUAL_EDITIONS = ['Accounting Plus', 'Accounting Start'];

function flagsToCountries(line: string): string[] {
	const letters = [...line]
		.map((char) => char.codePointAt(0) ?? 0)
		.filter((code) => code >= 0x1f1e6 && code <= 0x1f1ff)
		.map((code) => String.fromCharCode(code - 0x1f1e6 + 65));
	const countries: string[] = [];
	for (let index = 0; index + 1 < letters.length; index += 2) countries.push(letters[index] + letters[index + 1]);
	return countries;
}

const listing = (names: string[]) =>
	names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * A short note when the OpenAPI's "Endpoint Availability" is narrower than usual: which
 * countries (and editions) have the endpoint. Nothing when it is where everything else is.
 */
function availabilityNote(description: string | undefined): string | undefined {
	const section = /### Endpoint Availability\n\n([\s\S]*?)(?:\n\n|$)/.exec(description ?? '')?.[1];
	if (!section) return undefined;
	const editions = new Map<string, string[]>();
	for (const line of section.split('\n')) {
		const edition = /^\*\s*([^:]+):/.exec(line)?.[1]?.trim();
		if (edition) editions.set(edition, flagsToCountries(line));
	}
	const countries = [...new Set([...editions.values()].flat())].sort();
	const parts: string[] = [];
	const missing = USUAL_COUNTRIES.filter((code) => !countries.includes(code));
	if (countries.some((code) => !USUAL_COUNTRIES.includes(code)) || countries.length <= 3) {
		parts.push(`only in ${listing(countries.map((code) => COUNTRY_NAMES[code] ?? code))}`);
	} else if (missing.length) {
		parts.push(`not in ${listing(missing.map((code) => COUNTRY_NAMES[code] ?? code))}`);
	}
	const lacking = USUAL_EDITIONS.filter((edition) => !editions.has(edition));
	if (lacking.length) {
		const present = [...editions.keys()];
		parts.push(present.length === 1 ? `${present[0]} only` : `not in ${listing(lacking)}`);
	}
	return parts.length ? upperFirst(parts.join('; ')) : undefined;
}

const definitionOf = (ref: string | undefined) => ref?.replace('#/definitions/', '') ?? '';
const bodyDefinition = (operation: Operation | undefined) =>
	operation
		? definitionOf(operation.parameters?.find((parameter) => parameter.in === 'body')?.schema?.$ref)
		: undefined;

function writeMethods(document: OpenApiDocument, path: string, singleton: boolean): WriteMethods {
	const collection = document.paths[path];
	const item = document.paths[`${path}/{key}`];
	const create = bodyDefinition(collection.post);
	const update = bodyDefinition(singleton ? collection.put : item?.put);
	const actions = Object.entries(document.paths)
		.filter(([candidate, methods]) => candidate.startsWith(`${path}/{key}/`) && methods.post)
		.map(([candidate]) => candidate.slice(`${path}/{key}/`.length))
		.sort();
	const deleteQuery = (item?.delete?.parameters ?? [])
		.filter((parameter) => parameter.in === 'query')
		.map((parameter) => parameter.name);
	return {
		...(create ? { create } : {}),
		...(update ? { update } : {}),
		...(item?.delete ? { delete: true } : {}),
		...(deleteQuery.length ? { deleteQuery } : {}),
		actions,
	};
}

export function generateRows(document: OpenApiDocument): GeneratedCollection[] {
	const rows: GeneratedCollection[] = [];
	for (const [path, methods] of Object.entries(document.paths)) {
		const get = methods.get;
		if (!get || path.split('/').length !== 2) continue;
		const schema = get.responses?.['200']?.schema;
		const singleton = schema?.type !== 'array';
		const parameters = (get.parameters ?? []).filter((parameter) => parameter.in === 'query');
		const title = (methods['x-sage-pathtitle'] ?? path.slice(1)).replace(/\s+collection$/i, '');
		const search = parameters.find((parameter) => parameter.name === 'search');
		const availability = availabilityNote(get.description);
		rows.push({
			path: path.slice(1),
			resource: camelCase(title),
			singular: titleCase(wordsOf(title)),
			plural: titleCase(wordsOf(get.tags?.[0] ?? title)),
			singleton,
			getById: !singleton && Boolean(document.paths[`${path}/{key}`]?.get),
			...(search ? { search: cleanDescription(search.description, 'string') } : {}),
			attributes: parameters.some((parameter) => parameter.name === 'attributes'),
			filters: parameters.filter((parameter) => !NOT_FILTERS.has(parameter.name)).map(filterOf),
			sort: sortFields(parameters),
			...(availability ? { availability } : {}),
			definition: definitionOf(singleton ? schema?.$ref : schema?.items?.$ref),
			writes: writeMethods(document, path, singleton),
		});
	}
	return rows.sort((a, b) => a.path.localeCompare(b.path));
}

function writeFieldType(schema: Schema): WriteFieldType {
	if (schema.enum?.length) return 'options';
	switch (schema.type) {
		case 'number':
			return 'number';
		case 'integer':
			return 'integer';
		case 'boolean':
			return 'boolean';
		case 'object':
			return 'object';
		case 'array':
			return 'array';
		default:
			return schema.format === 'date' ? 'date' : schema.format === 'date-time' ? 'dateTime' : 'string';
	}
}

/**
 * The attributes of a request schema. `record`: the record's own definition, whose maximum lengths
 * the service enforces on what it stores where the request schema declares none.
 */
function writeFields(document: OpenApiDocument, schema: Schema, record?: Schema): WriteField[] {
	const resolved = schema.$ref ? document.definitions[definitionOf(schema.$ref)] : schema;
	const required = new Set(resolved.required ?? []);
	return Object.entries(resolved.properties ?? {}).map(([name, property]) => {
		const field = property.$ref ? document.definitions[definitionOf(property.$ref)] : property;
		const type = writeFieldType(field);
		const element = field.items?.$ref ? document.definitions[definitionOf(field.items.$ref)] : field.items;
		const maxLength = field.maxLength ?? (type === 'string' ? record?.properties?.[name]?.maxLength : undefined);
		return {
			name,
			type,
			description: (field.description ?? '').trim(),
			...(required.has(name) ? { required: true } : {}),
			...(field.enum?.length ? { options: field.enum } : {}),
			...(maxLength ? { maxLength } : {}),
			...(type === 'object' && field.properties ? { fields: writeFields(document, field) } : {}),
			...(type === 'array' && element?.properties ? { fields: writeFields(document, element) } : {}),
			...(type === 'array' && element && !element.properties ? { items: writeFieldType(element) } : {}),
		};
	});
}

/** Every request definition the write methods name, by definition name: the wrapper and its attributes. */
export function generateWriteSchemas(
	document: OpenApiDocument,
	rows: GeneratedCollection[],
): Record<string, WriteSchema> {
	const records = new Map<string, string>();
	for (const row of rows) {
		for (const name of [row.writes.create, row.writes.update]) if (name) records.set(name, row.definition);
	}
	const schemas: Record<string, WriteSchema> = {};
	for (const name of [...records.keys()].sort()) {
		const [wrapper, inner] = Object.entries(document.definitions[name].properties ?? {})[0];
		schemas[name] = { wrapper, fields: writeFields(document, inner, document.definitions[records.get(name) ?? '']) };
	}
	return schemas;
}

const HEADER = [
	'// Generated by `npm run generate` from reference/accounting-v3.1-openapi.json. Do not edit:',
	'// corrections and curated texts belong in overlay.ts.',
];

/** The generated files, laid out by the project's Prettier settings so that `prettier --check` agrees. */
export async function generatedSources(): Promise<Record<string, string>> {
	const document = JSON.parse(readFileSync(OPENAPI, 'utf8')) as OpenApiDocument;
	const rows = generateRows(document);
	const sources: Record<string, string> = {
		[GENERATED]: [
			...HEADER,
			"import type { GeneratedCollection } from './types';",
			'',
			`export const GENERATED_COLLECTIONS: readonly GeneratedCollection[] = ${JSON.stringify(rows, null, '\t')};`,
			'',
		].join('\n'),
		[GENERATED_WRITES]: [
			...HEADER,
			"import type { WriteSchema } from './types';",
			'',
			`export const WRITE_SCHEMAS: Readonly<Record<string, WriteSchema>> = ${JSON.stringify(generateWriteSchemas(document, rows))};`,
			'',
		].join('\n'),
	};
	const options = { ...(await prettier.resolveConfig(GENERATED)), parser: 'typescript' };
	for (const file of Object.keys(sources)) sources[file] = await prettier.format(sources[file], options);
	return sources;
}

async function main() {
	const sources = await generatedSources();
	const check = process.argv.includes('--check');
	let stale = false;
	for (const [file, source] of Object.entries(sources)) {
		const name = file.slice(file.indexOf('collections'));
		if (!check) {
			writeFileSync(file, source);
			console.log(`${name} written.`);
		} else if (readFileSync(file, 'utf8') !== source) {
			console.error(`${name} is stale: run \`npm run generate\` and commit the result.`);
			stale = true;
		} else {
			console.log(`${name} is current.`);
		}
	}
	if (stale) process.exit(1);
}

if (require.main === module) void main();
