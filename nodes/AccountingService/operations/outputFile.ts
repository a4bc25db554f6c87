import type { INodeProperties } from 'n8n-workflow';

import type { ParameterReader } from '../actions/parameters';

/** Where an operation that downloads a file puts it, as n8n's own nodes name the setting. */
export const outputFileField: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	hint: 'The name of the output binary field to put the file in',
};

/** Which output field gets the file: checked before any request so a typo costs no download. */
export function outputFileFieldName(parameters: ParameterReader): string {
	const name = parameters.string('binaryPropertyName', 'Put Output File in Field', 'data').trim();
	if (!name) parameters.fail('Put Output File in Field', 'it is empty; enter a field name such as data');
	return name;
}
