import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordItems } from '../../actions/output';
import { answeredFromMemory, createOnce } from '../../actions/write/createOnce';
import { listed } from '../../actions/write/keyText';
import { currentRecord, hasKeyNow, recordsWithKey } from '../../actions/write/upsertMatch';
import { contentDifferences } from '../../actions/write/replay';
import { naturalKeysOf, upsertIdempotencyId } from '../../actions/write/upsertKeys';
import { upsertRequest } from '../../actions/write/upsertRecord';
import { lower, spoken, withArticle } from '../../collections/wording';
import { writeRequest } from '../../actions/write/lookupQueries';
import { collectionOperation } from '../define';
import { fieldsMapper, outputOptions } from './fields';

/** The record's attributes and the column that finds it: n8n's resource mapper in mode `upsert`. */
const upsertFields = fieldsMapper(
	'upsert',
	'The record’s attributes, named as the service names them, and the column to match on. Keys are compared without surrounding spaces and ignoring case (“ cust01 ” finds CUST01). No record with the key: one is created (the attributes a create needs are then required). One: it is updated with the attributes set here. More than one: nothing is written.',
);

/**
 * Create or Update: finds the record by a key people use (a contact's reference or e-mail, an item
 * code, a nominal code) and updates it, or creates it when there is none. The output is the
 * record as the service returns it, with `operation`: "created" or "updated".
 */
export const upsert = collectionOperation({
	value: 'upsert',
	appliesTo: (row) => !!row.writes.create && !!row.writes.update && naturalKeysOf(row).length > 0,
	option: (row) => ({
		name: 'Create or Update',
		description: `Create ${withArticle(row.singular)}, or update the one with the same ${naturalKeysOf(row).map(spoken).join(' or ')}`,
		action: `Create or update ${withArticle(row.singular)} by ${naturalKeysOf(row).map(spoken).join(' or ')}`,
	}),
	properties: [upsertFields, outputOptions],
	handler: (row) =>
		async function (parameters, itemIndex) {
			const business = parameters.business();
			const scope = parameters.requestScope();
			const request = upsertRequest(this, row, parameters, itemIndex);
			const output = parameters.output(row, 'options');
			const { column, value, schema } = request;
			const matches = await recordsWithKey.call(this, row, column, value, business, scope);
			if (matches.length > 1) {
				throw new NodeOperationError(
					this.getNode(),
					`${matches.length} ${lower(row.plural)} have ${column} "${String(value).trim()}": ${listed(matches)}; nothing was written`,
					{
						itemIndex,
						description: `Create or Update needs the ${column} to name one ${lower(row.singular)}. Make it unique in the service, or match on another column.`,
					},
				);
			}
			if (matches.length === 1) {
				const response = await writeRequest.call(this, row.path, {
					method: 'PUT',
					path: `/${row.path}/${encodeURIComponent(String(matches[0].id))}`,
					body: { [schema.wrapper]: request.update(matches[0]) },
					business,
					...scope,
				});
				return recordItems(row, [response.body as IDataObject], {
					output,
					business: response.business,
					added: { operation: 'updated' },
				});
			}
			const record = request.create();
			const create = async (id?: string) =>
				await writeRequest.call(this, row.path, {
					method: 'POST',
					path: `/${row.path}`,
					body: { [schema.wrapper]: id ? { ...record, idempotency_id: id } : record },
					business,
					...scope,
				});
			const outputOf = (body: IDataObject, answered: string | undefined, operation: 'created' | 'updated') =>
				recordItems(row, [body], { output, business: answered, added: { operation } });
			if (!row.idempotentCreate) {
				const response = await create();
				return outputOf(response.body, response.business, 'created');
			}
			const { response, stored } = await createOnce({
				id: upsertIdempotencyId(row, column, value),
				post: create,
				// The service answers a repeated idempotency_id with its first answer for 7 days: an
				// answer from memory, or one holding other values (another execution created the key
				// at the same moment), is read back, so the output names a record that exists and has the key.
				ownAnswer: (answer) => !answeredFromMemory(answer) && !contentDifferences(record, answer.body).length,
				current: async (answered) => await currentRecord.call(this, row, answered, business, scope),
				stillMeant: async (held) => await hasKeyNow.call(this, row, column, value, held, business, scope),
				gaveUp: (last) => {
					throw new NodeOperationError(
						this.getNode(),
						`The service kept answering with ${lower(row.plural)} created earlier for ${column} "${String(value).trim()}" that are gone or no longer have it (last: ${listed([last])}); nothing new was created`,
						{ itemIndex, description: 'The service remembers a create for 7 days. Create this one with Create.' },
					);
				},
			});
			if (!stored || !contentDifferences(record, stored).length) {
				return outputOf(stored ?? response.body, response.business, 'created');
			}
			// Another execution created the key's record with other values: these are applied to it.
			const updated = await writeRequest.call(this, row.path, {
				method: 'PUT',
				path: `/${row.path}/${encodeURIComponent(String(stored.id))}`,
				body: { [schema.wrapper]: request.update(stored) },
				business,
				...scope,
			});
			return outputOf(updated.body, updated.business, 'updated');
		},
});
