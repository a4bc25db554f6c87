import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { recordItems, toItems } from '../../actions/output';
import type { ParameterReader } from '../../actions/parameters';
import { recordPath } from '../../actions/recordPath';
import { deleteVoids, type CollectionDefinition } from '../../collections/table';
import { lower, recordNoun } from '../../collections/wording';
import { byShape } from '../../descriptions/blocks';
import { apiRequest } from '../../transport';
import { writeRequest } from '../../actions/write/lookupQueries';
import { collectionOperation } from '../define';
import { shapeOf } from '../../output/shape';
import { outputOptions } from './fields';
import { writeLocator } from './locator';

const voidReason = byShape((row) =>
	deleteVoids(row)
		? {
				displayName: 'Void Reason',
				name: 'voidReason',
				type: 'string',
				default: '',
				placeholder: 'e.g. Issued to the wrong customer',
				description:
					'Why the document is voided. The service requires a reason unless the document is a draft; left empty, the node checks that it is a draft before deleting it.',
			}
		: undefined,
);

const isRecord = (body: unknown): body is IDataObject =>
	!!body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length > 0;

/** A status named by the record, in any of the forms the service answers with. */
const statusOf = (record: IDataObject) => {
	const status = (record.status ?? record.status_id) as IDataObject | string | undefined;
	return typeof status === 'string' ? status : typeof status?.id === 'string' ? status.id : undefined;
};

/**
 * A void without a reason: the service takes it only for a draft. The node reads the record and,
 * unless it is a draft, refuses before deleting anything, naming the field to fill in.
 */
async function checkVoidWithoutReason(
	this: IExecuteFunctions,
	row: CollectionDefinition,
	path: string,
	business: string | undefined,
	parameters: ParameterReader,
) {
	const { body } = await apiRequest.call(this, { path, business, ...parameters.requestScope() });
	const status = statusOf(body);
	if (status === 'DRAFT') return;
	const name = [lower(row.singular), typeof body.displayed_as === 'string' ? body.displayed_as : undefined]
		.filter(Boolean)
		.join(' ');
	parameters.fail(
		'Void Reason',
		`the ${name} is ${status ?? 'not a draft'}, and the service voids it only with a reason; enter why it is voided (only a draft is deleted without one)`,
	);
}

/** Deletes a record; an issued document is voided instead (the service keeps it, marked void). */
export const deleteRecord = collectionOperation({
	value: 'delete',
	appliesTo: (row) => !!row.writes.delete,
	option: (row) => ({
		name: 'Delete',
		description: deleteVoids(row)
			? `Void ${recordNoun(row)}: the service keeps it, marked void (a draft is deleted)`
			: `Delete ${recordNoun(row)}`,
		action: deleteVoids(row) ? `Void ${recordNoun(row)} (a draft is deleted)` : `Delete ${recordNoun(row)}`,
	}),
	properties: [writeLocator, voidReason, outputOptions],
	handler: (row) =>
		async function (parameters) {
			const business = parameters.business();
			const path = recordPath(row, parameters);
			const output = parameters.output(row, 'options');
			const scope = parameters.requestScope();
			const qs: IDataObject = {};
			if (deleteVoids(row)) {
				const reason = parameters.string('voidReason', 'Void Reason', '').trim();
				if (reason) qs.void_reason = reason;
				else await checkVoidWithoutReason.call(this, row, path, business, parameters);
			}
			const response = await writeRequest.call(this, row.path, { method: 'DELETE', path, qs, business, ...scope });
			const id = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
			if (isRecord(response.body)) return recordItems(row, [response.body], { output, business: response.business });
			const key = output === 'raw' ? 'id' : shapeOf(row).key;
			return toItems([{ [key]: id, deleted: true }], undefined, false);
		},
});
