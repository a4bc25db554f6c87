import type { IDataObject, INodeParameters } from 'n8n-workflow';

/**
 * Parameters of the write operations as n8n's editor saves them: the resource mapper's value
 * (`fields`), the editor's Lines and Allocations, resource locators.
 */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const fromList = (value: string, name = value) => ({ __rl: true, mode: 'list', value, cachedResultName: name });

/** The mapper with "Map Each Field Below": only the attributes set (n8n stores the others as null). */
export const defineBelow = (value: IDataObject): INodeParameters => ({
	mappingMode: 'defineBelow',
	value: value as INodeParameters,
	matchingColumns: [],
	schema: [],
});
/** The mapper with "Map Automatically": the input item's fields of the attributes' names. */
export const autoMap = () => ({ mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] });

/**
 * The write's Options with Output "Raw": the record as the service answered it (`id`, nested
 * references, lines), which these tests read back. Simplified, the default, has its own tests
 * (output/output-simplified.ts).
 */
export const rawOutput = (options: INodeParameters = {}): INodeParameters => ({ output: 'raw', ...options });

export const create = (resource: string, fields: IDataObject, extra: IDataObject = {}) =>
	({
		resource,
		operation: 'create',
		fields,
		...extra,
		options: rawOutput(extra.options as INodeParameters | undefined),
	}) as INodeParameters;
export const update = (resource: string, id: string, fields: IDataObject, extra: IDataObject = {}) =>
	({
		resource,
		operation: 'update',
		id: byId(id),
		fields,
		...extra,
		options: rawOutput(extra.options as INodeParameters | undefined),
	}) as INodeParameters;

export interface EditorLine {
	description?: string;
	product?: string;
	service?: string;
	ledgerAccount?: string;
	quantity?: number;
	unitPrice?: number;
	discountAmount?: number;
	taxRate?: string;
	taxAmount?: number;
}

/** The Lines fixedCollection as the editor saves it; locators as picked From List. */
export function editorLines(lines: EditorLine[]): IDataObject {
	return {
		line: lines.map(({ product, service, ledgerAccount, taxRate, taxAmount, ...rest }) => ({
			...rest,
			...(product ? { product: fromList(product) } : {}),
			...(service ? { service: fromList(service) } : {}),
			ledgerAccount: fromList(ledgerAccount ?? ''),
			taxRate: fromList(taxRate ?? ''),
			...(taxAmount !== undefined ? { additionalFields: { taxAmount } } : {}),
		})),
	};
}

export const editorAllocations = (allocations: Array<{ artefact: string; amount: number; discount?: number }>) => ({
	allocation: allocations.map(({ artefact, ...rest }) => ({ artefact: fromList(artefact), ...rest })),
});
