import { createHash, randomBytes } from 'crypto';

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { lower } from '../../descriptions/collection';
import { deleteVoids } from '../../descriptions/write';
import { apiRequest } from '../../transport';
import { toItems } from '../output';
import type { ParameterReader } from '../parameters';
import type { OperationHandler } from '../types';
import { checkedRecord, withTaxAmounts } from './record';

/**
 * The `idempotency_id` of a create: with the Idempotency Key option, derived from it (the same
 * key always gives the same id, so a workflow that runs twice for one order creates one record);
 * otherwise a fresh one for this input item. Either way the transport repeats the create with it
 * after a lost answer, and the service recognises the repeat. 32 hex digits, no hyphens.
 */
export function idempotencyId(row: CollectionDefinition, parameters: ParameterReader): string {
	const options = parameters.options();
	if (!('idempotencyKey' in options)) return randomBytes(16).toString('hex');
	const key = options.idempotencyKey;
	if ((typeof key !== 'string' && typeof key !== 'number') || !String(key).trim()) {
		parameters.fail(
			'Idempotency Key',
			`it is empty for this item; map a value that identifies the record, such as an order number, or remove the option`,
		);
	}
	return createHash('sha256')
		.update(`${row.resource}\n${String(key).trim()}`)
		.digest('hex')
		.slice(0, 32);
}

/** The path of the record the write names: `/{path}/{id}`, or the settings object's own path. */
const recordPath = (row: CollectionDefinition, parameters: ParameterReader) =>
	row.singleton ? `/${row.path}` : `/${row.path}/${parameters.recordId(row)}`;

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

export const writeOperations = {
	create: (row: CollectionDefinition): OperationHandler =>
		async function (parameters, itemIndex) {
			const business = parameters.business();
			const checked = checkedRecord(this, row, 'create', parameters, itemIndex);
			const id = row.idempotentCreate ? idempotencyId(row, parameters) : undefined;
			const scope = parameters.requestScope();
			const record = await withTaxAmounts.call(this, checked, business, parameters);
			const response = await apiRequest.call(this, {
				method: 'POST',
				path: `/${row.path}`,
				body: { [checked.schema.wrapper]: id ? { ...record, idempotency_id: id } : record },
				business,
				...scope,
			});
			return toItems([response.body], undefined, false);
		},

	update: (row: CollectionDefinition): OperationHandler =>
		async function (parameters, itemIndex) {
			const business = parameters.business();
			const path = recordPath(row, parameters);
			const checked = checkedRecord(this, row, 'update', parameters, itemIndex);
			const scope = parameters.requestScope();
			const record = await withTaxAmounts.call(this, checked, business, parameters);
			const response = await apiRequest.call(this, {
				method: 'PUT',
				path,
				body: { [checked.schema.wrapper]: record },
				business,
				...scope,
			});
			return toItems([response.body], undefined, false);
		},

	delete: (row: CollectionDefinition): OperationHandler =>
		async function (parameters) {
			const business = parameters.business();
			const path = recordPath(row, parameters);
			const qs: IDataObject = {};
			if (deleteVoids(row)) {
				const reason = parameters.string('voidReason', 'Void Reason', '').trim();
				if (reason) qs.void_reason = reason;
				else await checkVoidWithoutReason.call(this, row, path, business, parameters);
			}
			const scope = parameters.requestScope();
			const response = await apiRequest.call(this, { method: 'DELETE', path, qs, business, ...scope });
			const id = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
			return toItems([isRecord(response.body) ? response.body : { id, deleted: true }], undefined, false);
		},

	/** `POST /{path}/{key}/<action>`: release a draft, reissue a journal. */
	action: (row: CollectionDefinition, action: string): OperationHandler =>
		async function (parameters) {
			const business = parameters.business();
			const path = `${recordPath(row, parameters)}/${action}`;
			const response = await apiRequest.call(this, { method: 'POST', path, business, ...parameters.requestScope() });
			return toItems([response.body], undefined, false);
		},
};
