/**
 * Derives the node's collection table from the production OpenAPI, read through openapi/ (the
 * reader the sandbox and the tests share): one row for every list path and every settings object,
 * with its filters, Get's options, sort fields, search, availability and write methods. The output
 * is committed; `--check` fails when it differs from what the OpenAPI gives. What we know better
 * than the OpenAPI lives in collections/overlay.ts, never in the output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Options } from 'prettier';
import * as estree from 'prettier/plugins/estree';
import * as typescript from 'prettier/plugins/typescript';
import { format } from 'prettier/standalone';

import {
	availability,
	collections,
	filterParameters,
	itemPath,
	listParameter,
	recordDefinition,
	recordParameters,
	sortFields,
	type Availability,
} from '../openapi/collections';
import { methodsOf, openApi, resolveSchema, type Parameter, type Schema } from '../openapi/document';
import { recordFields } from '../openapi/records';
import { recordActions, recordWrites, wrapped, wrapperOf } from '../openapi/writes';
import type {
	FilterDefinition,
	FilterKind,
	GeneratedCollection,
	RecordField,
	WriteField,
	WriteFieldType,
	WriteMethods,
	WriteSchema,
} from '../nodes/AccountingService/collections/types';

export const GENERATED = resolve(__dirname, '..', 'nodes', 'AccountingService', 'collections', 'generated.ts');
export const GENERATED_RECORDS = resolve(
	__dirname,
	'..',
	'nodes',
	'AccountingService',
	'collections',
	'generated-records.ts',
);
export const GENERATED_WRITES = resolve(
	__dirname,
	'..',
	'nodes',
	'AccountingService',
	'collections',
	'generated-writes.ts',
);

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
		...(parameter.required === true ? { required: true as const } : {}),
	};
}

const COUNTRY_NAMES: Record<string, string> = {
	ca: 'Canada',
	de: 'Germany',
	es: 'Spain',
	fr: 'France',
	gb: 'the UK',
	ie: 'Ireland',
	us: 'the US',
};
/** Where most endpoints exist: every country but Germany, in Accounting Start and Plus. */
const USUAL_COUNTRIES = ['ca', 'es', 'fr', 'gb', 'ie', 'us'];
const USUAL_EDITIONS = ['Accounting Plus', 'Accounting Start'];

const listing = (names: string[]) =>
	names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * A short note when the OpenAPI's "Endpoint Availability" is narrower than usual: which
 * countries (and editions) have the endpoint. Nothing when it is where everything else is.
 */
function availabilityNote(where: Availability | null): string | undefined {
	if (!where) return undefined;
	const { countries } = where;
	const editions = Object.keys(where.editions);
	const parts: string[] = [];
	const missing = USUAL_COUNTRIES.filter((code) => !countries.includes(code));
	if (countries.some((code) => !USUAL_COUNTRIES.includes(code)) || countries.length <= 3) {
		parts.push(`only in ${listing(countries.map((code) => COUNTRY_NAMES[code] ?? code))}`);
	} else if (missing.length) {
		parts.push(`not in ${listing(missing.map((code) => COUNTRY_NAMES[code] ?? code))}`);
	}
	const lacking = USUAL_EDITIONS.filter((edition) => !editions.includes(edition));
	if (lacking.length) parts.push(editions.length === 1 ? `${editions[0]} only` : `not in ${listing(lacking)}`);
	return parts.length ? upperFirst(parts.join('; ')) : undefined;
}

function writeMethods(name: string, singleton: boolean): WriteMethods {
	const writes = recordWrites(name, singleton);
	const deleteQuery = writes.delete?.query.map((parameter) => parameter.name) ?? [];
	return {
		...(writes.create?.definition ? { create: writes.create.definition } : {}),
		...(writes.update?.definition ? { update: writes.update.definition } : {}),
		...(writes.delete ? { delete: true } : {}),
		...(deleteQuery.length ? { deleteQuery } : {}),
		actions: recordActions(name),
	};
}

/**
 * Query parameters of the record's GET that Get does not offer: `key` is the record's ID, in the
 * path; `mark_as_sent` would mark a document as sent by reading it (Download PDF decides that).
 */
const NOT_GET_OPTIONS = new Set(['key', 'mark_as_sent']);

export function generateRows(): GeneratedCollection[] {
	const rows = collections().map(({ name, singleton, title: pathTitle, tag }): GeneratedCollection => {
		const title = (pathTitle ?? name).replace(/\s+collection$/i, '');
		const search = listParameter(name, 'search');
		const note = availabilityNote(availability(name));
		const readQuery = recordParameters(name, singleton);
		return {
			path: name,
			resource: camelCase(title),
			singular: titleCase(wordsOf(title)),
			plural: titleCase(wordsOf(tag ?? title)),
			singleton,
			getById: !singleton && methodsOf(itemPath(name)).includes('GET'),
			...(readQuery.some((parameter) => parameter.name === 'mark_as_sent') ? { markAsSent: true as const } : {}),
			...(search ? { search: cleanDescription(search.description, 'string') } : {}),
			attributes: listParameter(name, 'attributes') !== undefined,
			filters: filterParameters(name).map(filterOf),
			getOptions: readQuery.filter((parameter) => !NOT_GET_OPTIONS.has(parameter.name)).map(filterOf),
			sort: sortFields(name),
			...(note ? { availability: note } : {}),
			definition: recordDefinition(name) ?? '',
			writes: writeMethods(name, singleton),
		};
	});
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
function writeFields(schema: Schema, record?: Schema): WriteField[] {
	const resolved = resolveSchema(schema);
	const required = new Set(resolved.required ?? []);
	return Object.entries(resolved.properties ?? {}).map(([name, property]) => {
		const field = resolveSchema(property);
		const type = writeFieldType(field);
		const element = field.items && resolveSchema(field.items);
		const maxLength = field.maxLength ?? (type === 'string' ? record?.properties?.[name]?.maxLength : undefined);
		return {
			name,
			type,
			description: (field.description ?? '').trim(),
			...(required.has(name) ? { required: true } : {}),
			...(field.enum?.length ? { options: field.enum } : {}),
			...(maxLength ? { maxLength } : {}),
			...(type === 'object' && field.properties ? { fields: writeFields(field) } : {}),
			...(type === 'array' && element?.properties ? { fields: writeFields(element) } : {}),
			...(type === 'array' && element && !element.properties ? { items: writeFieldType(element) } : {}),
		};
	});
}

/** Every request definition the write methods name, by definition name: the wrapper and its attributes. */
export function generateWriteSchemas(rows: GeneratedCollection[]): Record<string, WriteSchema> {
	const records = new Map<string, string>();
	for (const row of rows) {
		for (const name of [row.writes.create, row.writes.update]) if (name) records.set(name, row.definition);
	}
	const schemas: Record<string, WriteSchema> = {};
	for (const name of [...records.keys()].sort()) {
		const record = openApi().definitions[records.get(name) ?? ''];
		schemas[name] = { wrapper: wrapperOf(name) ?? '', fields: writeFields(wrapped(name), record) };
	}
	return schemas;
}

/**
 * The fields of every record the collections answer with, and of the objects listed inside them
 * (a document's lines), by definition name.
 */
export function generateRecordFields(rows: GeneratedCollection[]): Record<string, RecordField[]> {
	const definitions = new Set(rows.map((row) => row.definition).filter(Boolean));
	const fields: Record<string, RecordField[]> = {};
	for (const definition of definitions) {
		fields[definition] = recordFields(definition) as RecordField[];
		for (const field of fields[definition]) if (field.kind === 'records') definitions.add(field.definition);
	}
	return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
}

const HEADER = [
	'// Generated by `npm run generate` from reference/accounting-v3.1-openapi.json. Do not edit:',
	'// corrections and curated texts belong in overlay.ts.',
];

/**
 * The project's Prettier settings, for the standalone build: Prettier's main entry loads its
 * parsers with a dynamic import, which jest cannot run (test/node/description.test.ts).
 */
const PRETTIER: Options = {
	...(require('../.prettierrc.js') as Options),
	parser: 'typescript',
	plugins: [estree, typescript],
};

/** The generated files, laid out by the project's Prettier settings so that `prettier --check` agrees. */
export async function generatedSources(): Promise<Record<string, string>> {
	const rows = generateRows();
	const sources: Record<string, string> = {
		[GENERATED]: [
			...HEADER,
			"import type { GeneratedCollection } from './types';",
			'',
			`export const GENERATED_COLLECTIONS: readonly GeneratedCollection[] = ${JSON.stringify(rows, null, '\t')};`,
			'',
		].join('\n'),
		[GENERATED_RECORDS]: [
			...HEADER,
			"import type { RecordField } from './types';",
			'',
			`export const RECORD_FIELDS: Readonly<Record<string, readonly RecordField[]>> = ${JSON.stringify(generateRecordFields(rows))};`,
			'',
		].join('\n'),
		[GENERATED_WRITES]: [
			...HEADER,
			"import type { WriteSchema } from './types';",
			'',
			`export const WRITE_SCHEMAS: Readonly<Record<string, WriteSchema>> = ${JSON.stringify(generateWriteSchemas(rows))};`,
			'',
		].join('\n'),
	};
	for (const file of Object.keys(sources)) sources[file] = await format(sources[file], PRETTIER);
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
