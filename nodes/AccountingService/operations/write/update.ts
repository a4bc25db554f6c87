import { recordItems } from '../../actions/output';
import { recordPath } from '../../actions/recordPath';
import { updateIdempotencyId } from '../../actions/write/idempotency';
import { withItemDefaults } from '../../actions/write/lineDefaults';
import { withLookedUpIds } from '../../actions/write/lookups';
import { checkedRecord, withTaxAmounts } from '../../actions/write/record';
import { lower, recordNoun } from '../../collections/wording';
import { byShape } from '../../descriptions/blocks';
import { writeRequest } from '../../actions/write/lookupQueries';
import { apiRequest } from '../../transport';
import { collectionOperation } from '../define';
import { editorLists, recordFields, writeOptions } from './fields';
import { writeLocator } from './locator';

/** Changes a record, or a settings object: only the attributes the user sets. */
export const update = collectionOperation({
	value: 'update',
	appliesTo: (row) => !!row.writes.update,
	option: (row) => ({
		name: 'Update',
		description: row.singleton
			? `Change the ${lower(row.singular)} of the business`
			: `Change ${recordNoun(row)}: only the attributes you set`,
		action: row.singleton ? `Update ${recordNoun(row)}` : `Update ${recordNoun(row)} (only the fields given)`,
	}),
	properties: [writeLocator, recordFields, editorLists, byShape((row) => writeOptions(row, 'update'))],
	handler: (row) =>
		async function (parameters, itemIndex) {
			const business = parameters.business();
			const path = recordPath(row, parameters);
			const checked = checkedRecord(this, row, 'update', parameters, itemIndex);
			const output = parameters.output(row, 'options');
			const scope = parameters.requestScope();
			await withLookedUpIds.call(this, checked, business, parameters);
			await withItemDefaults.call(this, checked, business, parameters);
			// Lines changed without the date: their tax is at the rates in force on the document's date as stored.
			const storedDate = async () => {
				const { body } = await apiRequest.call(this, { path, qs: { attributes: 'date' }, business, ...scope });
				return typeof body.date === 'string' ? body.date : undefined;
			};
			const record = await withTaxAmounts.call(this, checked, business, parameters, storedDate);
			// Resources whose creates the service recognises when repeated recognise repeated updates too.
			const id = row.idempotentCreate && !row.singleton ? updateIdempotencyId(this, row, itemIndex, path) : undefined;
			const response = await writeRequest.call(this, row.path, {
				method: 'PUT',
				path,
				body: { [checked.schema.wrapper]: id ? { ...record, idempotency_id: id } : record },
				business,
				...scope,
			});
			return recordItems(row, [response.body], {
				output,
				business: response.business,
			});
		},
});
