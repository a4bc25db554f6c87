import type { INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordItems } from '../../actions/output';
import { idempotencyId } from '../../actions/write/idempotency';
import { withItemDefaults } from '../../actions/write/lineDefaults';
import { withLookedUpIds } from '../../actions/write/lookups';
import { checkedRecord, withTaxAmounts } from '../../actions/write/record';
import { contentDifferences } from '../../actions/write/replay';
import { answeredFromMemory, createOnce } from '../../actions/write/createOnce';
import { listed } from '../../actions/write/keyText';
import { currentRecord } from '../../actions/write/upsertMatch';
import { lower, recordNoun, withArticle } from '../../collections/wording';
import { byShape } from '../../descriptions/blocks';
import { writeRequest } from '../../actions/write/lookupQueries';
import { collectionOperation } from '../define';
import { editorLists, recordFields, writeOptions } from './fields';

/** Where the service supports idempotent creates: a key of the user's that makes a repeated run create nothing new. */
const idempotencyKey: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderNumber }}',
	description:
		'A value that identifies this record in your flow, such as a shop’s order number. The same key creates one record only, even when the workflow runs again. Without it, a create is protected against repeats within its own retries only.',
};

export const create = collectionOperation({
	value: 'create',
	appliesTo: (row) => !!row.writes.create,
	option: (row) => ({ name: 'Create', description: `Create ${recordNoun(row)}`, action: `Create ${recordNoun(row)}` }),
	properties: [
		recordFields,
		editorLists,
		byShape((row) => writeOptions(row, 'create', row.idempotentCreate ? [idempotencyKey] : [])),
	],
	handler: (row) =>
		async function (parameters, itemIndex) {
			const business = parameters.business();
			const output = parameters.output(row, 'options');
			const checked = checkedRecord(this, row, 'create', parameters, itemIndex);
			const idempotency = row.idempotentCreate ? idempotencyId(this, row, parameters, itemIndex) : undefined;
			const scope = parameters.requestScope();
			await withLookedUpIds.call(this, checked, business, parameters);
			await withItemDefaults.call(this, checked, business, parameters);
			const record = await withTaxAmounts.call(this, checked, business, parameters);
			const post = async (id?: string) =>
				await writeRequest.call(this, row.path, {
					method: 'POST',
					path: `/${row.path}`,
					body: { [checked.schema.wrapper]: id ? { ...record, idempotency_id: id } : record },
					business,
					...scope,
				});
			if (!idempotency) {
				const response = await post();
				return recordItems(row, [response.body], { output, business: response.business });
			}
			// The service answers an idempotency_id it has seen (a model's repeated call, the key
			// again, n8n's Retry On Fail) with the record it made then: that record is read back, the
			// output is what it holds now, and when it was deleted the create is made anew.
			const { response, stored } = await createOnce({
				id: idempotency.id,
				post,
				ownAnswer: (answer) => !answeredFromMemory(answer),
				current: async (answered) => await currentRecord.call(this, row, answered, business, scope),
				stillMeant: async () => true,
				gaveUp: (last) => {
					throw new NodeOperationError(
						this.getNode(),
						`The service kept answering this create with ${lower(row.plural)} made earlier that are gone (last: ${listed([last])}); nothing new was created`,
						{ itemIndex, description: 'The service remembers a create for 7 days.' },
					);
				},
			});
			// The service answers a key used before with the record it made then, whatever this create carries.
			const differences = idempotency.key === undefined ? [] : contentDifferences(record, response.body);
			if (differences.length) {
				throw new NodeOperationError(
					this.getNode(),
					`Idempotency Key "${idempotency.key}" already created ${withArticle(row.singular)} with other values (${String(response.body.displayed_as ?? '')}, ${String(response.body.id)}): ${differences.slice(0, 5).join('; ')}${differences.length > 5 ? `; and ${differences.length - 5} more` : ''}; nothing new was written`,
					{
						itemIndex,
						description:
							'The same key creates one record only (the service remembers it for 7 days). To change that record use Update; for another record use another key.',
					},
				);
			}
			return recordItems(row, [stored ?? response.body], { output, business: response.business });
		},
});
