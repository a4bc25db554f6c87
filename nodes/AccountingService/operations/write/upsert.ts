import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordItems } from '../../actions/output';
import { recordsWithKey } from '../../actions/write/upsertMatch';
import { naturalKeysOf, sameKey, upsertIdempotencyId } from '../../actions/write/upsertKeys';
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

/** "2 contacts have reference "C01": 5e1… (Acme Ltd), 7a2… (Acme Trading)". */
const listed = (records: IDataObject[]) =>
	records.map((record) => `${String(record.id)} (${String(record.displayed_as ?? '')})`).join(', ');

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
			const id = row.idempotentCreate ? upsertIdempotencyId(row, column, value) : undefined;
			const response = await writeRequest.call(this, row.path, {
				method: 'POST',
				path: `/${row.path}`,
				body: { [schema.wrapper]: id ? { ...record, idempotency_id: id } : record },
				business,
				...scope,
			});
			const created = response.body as IDataObject;
			// The service answers a repeated idempotency_id with its first answer for 7 days: a record made for this key then and changed since.
			if (column in created && !sameKey(created[column], value)) {
				throw new NodeOperationError(
					this.getNode(),
					`The service returned ${withArticle(row.singular)} created earlier for ${column} "${String(value).trim()}" (${listed([created])}), whose ${column} is now "${String(created[column])}"; nothing new was created`,
					{ itemIndex, description: 'The service remembers a create for 7 days. Create this one with Create.' },
				);
			}
			return recordItems(row, [created], {
				output,
				business: response.business,
				added: { operation: 'created' },
			});
		},
});
