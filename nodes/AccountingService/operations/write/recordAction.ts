import { recordItems } from '../../actions/output';
import { recordPath } from '../../actions/recordPath';
import { recordNoun } from '../../collections/wording';
import { writeRequest } from '../../actions/write/lookupQueries';
import { collectionOperation } from '../define';
import { outputOptions } from './fields';
import { writeLocator } from './locator';

/** `POST /{path}/{key}/<action>`, offered where the OpenAPI has it for the collection. */
function recordAction(action: string, name: string, describe: (noun: string) => string) {
	return collectionOperation({
		value: action,
		appliesTo: (row) => row.writes.actions.includes(action),
		option: (row) => ({ name, description: describe(recordNoun(row)), action: `${name} ${recordNoun(row)}` }),
		properties: [writeLocator, outputOptions],
		handler: (row) =>
			async function (parameters) {
				const business = parameters.business();
				const path = `${recordPath(row, parameters)}/${action}`;
				const output = parameters.output(row, 'options');
				const response = await writeRequest.call(this, row.path, {
					method: 'POST',
					path,
					business,
					...parameters.requestScope(),
				});
				return recordItems(row, [response.body], {
					output,
					business: response.business,
				});
			},
	});
}

export const release = recordAction(
	'release',
	'Release',
	(noun) => `Release ${noun} that was saved as a draft, so it is issued and posted`,
);

export const reissue = recordAction('reissue', 'Reissue', (noun) => `Reissue ${noun}`);
