import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REFERENCE_LISTS, type ReferenceList } from '../collections/overlay';
import type { WriteField } from '../collections/types';
import { apiRequestAllItems } from '../transport';
import { selectedBusiness } from './listSearch';

/** Attribute name → the entries of its reference list, by name, ids as values. */
export type ReferenceOptions = Map<string, INodePropertyOptions[]>;

/** The reference list an attribute of a collection's write names, if the curated table has it. */
export function referenceListOf(collectionPath: string, attribute: string): ReferenceList | undefined {
	const reference = REFERENCE_LISTS[attribute];
	return reference && (!reference.onlyIn || reference.onlyIn.test(collectionPath)) ? reference : undefined;
}

/** Every entry of one list of the business, every page; undefined when it cannot be read. */
async function readList(
	context: ILoadOptionsFunctions,
	path: string,
	business: string | undefined,
): Promise<INodePropertyOptions[] | undefined> {
	try {
		const { body } = await apiRequestAllItems.call(context, { path: `/${path}`, business });
		return (body as IDataObject[]).map((entry) => ({
			name: String(entry.displayed_as || entry.id),
			value: String(entry.id),
		}));
	} catch {
		// A list this business lacks (a French-only one) or cannot read now leaves its fields as text.
		return undefined;
	}
}

/**
 * The entries of the reference lists the given attributes of a collection's write name, for the
 * business selected in the node: each list read once (every page), only those the attributes
 * need. An attribute whose list is empty or unreadable is left out.
 */
export async function referenceOptions(
	context: ILoadOptionsFunctions,
	collectionPath: string,
	fields: readonly WriteField[],
): Promise<ReferenceOptions> {
	const pathByAttribute = new Map<string, string>();
	for (const field of fields) {
		const reference = referenceListOf(collectionPath, field.name);
		if (reference) pathByAttribute.set(field.name, reference.path);
	}
	const business = selectedBusiness(context);
	const paths = [...new Set(pathByAttribute.values())];
	const lists = await Promise.all(paths.map(async (path) => await readList(context, path, business)));
	const entriesByPath = new Map(paths.map((path, index) => [path, lists[index]]));
	const options: ReferenceOptions = new Map();
	for (const [attribute, path] of pathByAttribute) {
		const entries = entriesByPath.get(path);
		if (entries?.length) options.set(attribute, entries);
	}
	return options;
}
