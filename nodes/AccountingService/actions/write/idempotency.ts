import { createHash, randomBytes } from 'crypto';

import type { CollectionDefinition } from '../../collections/table';
import type { ParameterReader } from '../parameters';

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
