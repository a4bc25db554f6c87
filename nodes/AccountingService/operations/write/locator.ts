import { deleteVoids } from '../../collections/table';
import { lower } from '../../collections/wording';
import { perRow } from '../../descriptions/blocks';
import { recordLocator } from '../../descriptions/recordLocator';

/** The record a write names, one locator for all writes of a row: "The sales invoice to update, void or release". */
export const writeLocator = perRow((row, operations) => {
	if (row.singleton) return undefined;
	const verbs = operations.map((operation) => (operation === 'delete' && deleteVoids(row) ? 'void' : operation));
	const listed = verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} or ${verbs[verbs.length - 1]}` : verbs[0];
	return recordLocator(row, `The ${lower(row.singular)} to ${listed}`);
});
