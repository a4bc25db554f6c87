import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { CollectionDefinition } from '../collections/table';
import { BUSINESS_ID, LEGACY_ID } from '../output/includedFields';
import { isIncludedFields, shapeRecords, type Output } from '../output/output';

/** One output item per record; with "Include Business", each says which business it came from. */
export function toItems(
	records: IDataObject[],
	business: string | undefined,
	includeBusiness: boolean,
): INodeExecutionData[] {
	return records.map((record) => ({
		json: includeBusiness ? { ...record, business_id: business ?? null } : record,
	}));
}

export interface RecordOutput {
	output: Output;
	/** The business the service answered for, added as business_id when `includeBusiness`. */
	business?: string;
	includeBusiness?: boolean;
	/** Show Legacy ID asked the service for each record's legacy_id: keep it in every output. */
	legacyId?: boolean;
	/** The node's own fields for every item (the upsert's `operation`). */
	added?: IDataObject;
	/** The columns every item begins with (a business's, under All Businesses). */
	leading?: IDataObject;
}

/** The items of records of a collection, in the chosen output, with the node's own fields added. */
export function recordItems(
	row: CollectionDefinition,
	records: IDataObject[],
	how: RecordOutput,
): INodeExecutionData[] {
	// Select Included Fields holds business_id only where it was chosen; legacy_id whenever Show
	// Legacy ID is on, right after the key (includedFields.ts).
	const chosen = isIncludedFields(how.output) ? how.output.fields : undefined;
	const withBusiness = chosen ? chosen.includes(BUSINESS_ID) : how.includeBusiness;
	const added = (record: IDataObject): IDataObject => ({
		...(how.legacyId && how.output !== 'raw' ? { [LEGACY_ID]: (record.legacy_id as IDataObject[string]) ?? null } : {}),
		...how.added,
		...(withBusiness ? { business_id: how.business ?? null } : {}),
	});
	return shapeRecords(row, records, how.output, added, how.leading).map((json) => ({ json }));
}
