import { COLLECTIONS, isSearchable } from '../collections/table';
import { downloadAttachmentFile } from './attachment/downloadFile';
import { uploadAttachment } from './attachment/upload';
import { businessOperations, businessResource } from './business/operations';
import { credentialResource, revokeOperation } from './credential/revoke';
import { userOperations, userResource } from './user/operations';
import { collectionOperations } from './collection/operations';
import { trialBalanceOperations, trialBalanceResource } from './trialBalance/get';
import { writeOperations } from './write/operations';
import { recordActionsOf } from '../descriptions/write';
import type { OperationHandler, OperationModule, ResourceOption } from './types';

/** Resources outside the collection table. */
export const OTHER_RESOURCES: ResourceOption[] = [
	businessResource,
	credentialResource,
	userResource,
	trialBalanceResource,
];

/** Hand-written operations: of the resources above, and extra ones of collection resources. */
export const OPERATION_MODULES: OperationModule[] = [
	...businessOperations,
	...userOperations,
	revokeOperation,
	downloadAttachmentFile,
	uploadAttachment,
	...trialBalanceOperations,
];

export type OperationTable = Record<string, Record<string, OperationHandler>>;

/** Every resource → operation pair the node can run. */
export const OPERATIONS: OperationTable = (() => {
	const table: OperationTable = {};
	for (const row of COLLECTIONS) {
		const operations: Record<string, OperationHandler> = {};
		if (row.singleton || row.getById) operations.get = collectionOperations.get(row);
		if (!row.singleton) operations.getAll = collectionOperations.getAll(row);
		if (isSearchable(row)) operations.search = collectionOperations.search(row);
		if (row.writes.create) operations.create = writeOperations.create(row);
		if (row.writes.update) operations.update = writeOperations.update(row);
		if (row.writes.delete) operations.delete = writeOperations.delete(row);
		for (const action of recordActionsOf(row)) operations[action] = writeOperations.action(row, action);
		table[row.resource] = operations;
	}
	for (const module of OPERATION_MODULES) {
		table[module.resource] = { ...table[module.resource], [module.option.value]: module.execute };
	}
	return table;
})();

export const supportedOperations = (): Record<string, string[]> =>
	Object.fromEntries(Object.entries(OPERATIONS).map(([resource, ops]) => [resource, Object.keys(ops)]));
