import type { CollectionDefinition } from '../collections/table';
import type { ParameterReader } from './parameters';

/** The path of the record an operation names: `/{path}/{id}`, or the settings object's own path. */
export const recordPath = (row: CollectionDefinition, parameters: ParameterReader) =>
	row.singleton ? `/${row.path}` : `/${row.path}/${parameters.recordId(row)}`;
