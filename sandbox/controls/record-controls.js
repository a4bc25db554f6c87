'use strict';

const { parseInstant } = require('../data/time');

/**
 * The dataset's record hooks over HTTP: create, update and delete records at a chosen clock time,
 * so a test outside the process (or a shell) can play records landing (or going) between or
 * during polls.
 * @param {ReturnType<import('../data').buildDataset>} dataset
 */
function createRecordControls(dataset) {
	/** @param {any} body */
	function target(body) {
		if (body === null || typeof body !== 'object' || Array.isArray(body))
			throw new TypeError('The body must be a JSON object.');
		const { collection, business = dataset.leadBusinessId, fields = {} } = body;
		if (typeof collection !== 'string' || !dataset.collections.some((c) => c.name === collection && !c.singleton)) {
			throw new TypeError(
				`collection must name a list collection, e.g. "sales_invoices" (got ${JSON.stringify(collection)})`,
			);
		}
		if (!dataset.businesses.some((b) => b.id === business))
			throw new TypeError(`business ${JSON.stringify(business)} is not a seeded business`);
		if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
			throw new TypeError('fields must be an object');
		return { collection, business, fields, options: timeOption(body.at) };
	}

	return {
		/** POST /__sandbox/records { collection, business?, fields?, at? } */
		create(body) {
			const { collection, business, fields, options } = target(body);
			try {
				return [201, { record: dataset.createRecord(business, collection, fields, options) }];
			} catch (error) {
				// The dataset can make records only for collections with a generator.
				if (/does not support/.test(error.message)) throw new TypeError(error.message);
				throw error;
			}
		},
		/** POST /__sandbox/records/update { collection, id, business?, fields?, at? } */
		update(body) {
			const { collection, business, fields, options } = target(body);
			if (typeof body.id !== 'string' || body.id === '') throw new TypeError('id must name a record');
			try {
				return [200, { record: dataset.updateRecord(business, collection, body.id, fields, options) }];
			} catch (error) {
				if (/^no live /.test(error.message))
					return [404, { error: `No live ${collection} record ${body.id} in that business.` }];
				throw error;
			}
		},
		/** POST /__sandbox/records/delete { collection, id, business?, at? } */
		delete(body) {
			const { collection, business, options } = target(body);
			if (typeof body.id !== 'string' || body.id === '') throw new TypeError('id must name a record');
			try {
				dataset.deleteRecord(business, collection, body.id, options);
			} catch (error) {
				if (/^no live /.test(error.message))
					return [404, { error: `No live ${collection} record ${body.id} in that business.` }];
				throw error;
			}
			return [200, { deleted: { collection, business, id: body.id } }];
		},
	};
}

/**
 * `at`: a date-time with offset (`2026-01-15T09:00:00Z`) or epoch seconds, as GET /__sandbox/clock
 * reports them; absent means the clock's now.
 * @returns {{ at?: number }}
 */
function timeOption(at) {
	if (at === undefined) return {};
	if (typeof at === 'number' && Number.isFinite(at)) return { at: at * 1000 };
	const ms = typeof at === 'string' ? parseInstant(at) : null;
	if (ms === null)
		throw new TypeError(
			`at must be a date-time such as 2026-01-15T09:00:00Z or epoch seconds (got ${JSON.stringify(at)})`,
		);
	return { at: ms };
}

module.exports = { createRecordControls };
