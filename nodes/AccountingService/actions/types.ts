import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ParameterReader } from './parameters';

export type OperationHandler = (
	this: IExecuteFunctions,
	parameters: ParameterReader,
	itemIndex: number,
) => Promise<INodeExecutionData[]>;
