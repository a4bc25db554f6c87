import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

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
