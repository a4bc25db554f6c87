import { downloadAttachmentFile } from './attachment/downloadFile';
import { uploadAttachment } from './attachment/upload';
import { businessOperations, businessResource } from './business';
import { downloadDocumentPdf } from './collection/downloadPdf';
import { get } from './collection/get';
import { getAll } from './collection/getAll';
import { search } from './collection/search';
import { credentialResource, revokeOperation } from './credential';
import { REPORT_OPERATIONS, reportResource } from './report';
import { getTrialBalance, trialBalanceResource } from './trialBalance';
import type { Operation, ResourceOption } from './types';
import { userOperations, userResource } from './user';
import { create } from './write/create';
import { deleteRecord } from './write/delete';
import { reissue, release } from './write/recordAction';
import { update } from './write/update';
import { upsert } from './write/upsert';

/** Resources outside the collection table. */
export const OTHER_RESOURCES: ResourceOption[] = [
	businessResource,
	credentialResource,
	userResource,
	reportResource,
	trialBalanceResource,
];

/**
 * Every operation of the node: the generic ones of the collection table, then the hand-written
 * ones. The editor's Operation lists and forms (descriptions/index.ts) and the router's table
 * (actions/router.ts) are derived from this list, in its order: the README's operations table lists
 * a resource's operations so, and an operation without Get Many is preselected as the first here.
 */
export const OPERATIONS: Operation[] = [
	get,
	getAll,
	search,
	create,
	upsert,
	update,
	deleteRecord,
	release,
	reissue,
	downloadDocumentPdf,
	...businessOperations,
	...userOperations,
	revokeOperation,
	downloadAttachmentFile,
	uploadAttachment,
	...REPORT_OPERATIONS,
	getTrialBalance,
];
