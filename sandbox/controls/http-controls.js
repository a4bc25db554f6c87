'use strict';

const { readBody } = require('../server/read-body');
const { sendJson } = require('../server/respond');
const { createRecordControls } = require('./record-controls');

const PREFIX = '/__sandbox';

/**
 * The test controls over HTTP, for tools that cannot reach the sandbox object (the demo,
 * a shell). Loopback callers only; no authentication, as befits a local test double.
 * @param {object} deps
 * @param {{ now(): number, advance(seconds: number): number }} deps.clock
 * @param {ReturnType<import('./faults').createFaultQueue>} deps.faults
 * @param {ReturnType<import('./request-log').createRequestLog>} deps.log
 * @param {ReturnType<import('../data').buildDataset>} deps.dataset
 */
function createHttpControls({ clock, faults, log, dataset }) {
	const records = createRecordControls(dataset);
	const clockState = () => ({ now: new Date(clock.now()).toISOString(), epochSeconds: Math.floor(clock.now() / 1000) });

	/** @type {Record<string, Record<string, (body: any) => [number, unknown]>>} */
	const routes = {
		'': {
			GET: () => [
				200,
				{
					controls: [
						'GET /__sandbox/clock',
						'POST /__sandbox/clock/advance {"seconds": n}',
						'GET /__sandbox/faults',
						'POST /__sandbox/faults {"kind": "429"|"503"|"reset"|"slow"|"reset-after-commit", ...}',
						'DELETE /__sandbox/faults',
						'GET /__sandbox/log',
						'DELETE /__sandbox/log',
						'POST /__sandbox/records {"collection": "sales_invoices", "business"?, "fields"?, "at"?}',
						'POST /__sandbox/records/update {"collection", "id", "business"?, "fields"?, "at"?}',
						'POST /__sandbox/records/delete {"collection", "id", "business"?, "at"?}',
					],
				},
			],
		},
		'/clock': { GET: () => [200, clockState()] },
		'/clock/advance': {
			POST: (body) => {
				clock.advance(body?.seconds);
				return [200, clockState()];
			},
		},
		'/faults': {
			GET: () => [200, { pending: faults.pending() }],
			POST: (body) => {
				const injected = faults.inject(body);
				return [201, { injected, pending: faults.pending() }];
			},
			DELETE: () => {
				faults.clear();
				return [200, { pending: [] }];
			},
		},
		'/records': { POST: (body) => records.create(body) },
		'/records/update': { POST: (body) => records.update(body) },
		'/records/delete': { POST: (body) => records.delete(body) },
		'/log': {
			GET: () => [200, { entries: log.entries() }],
			DELETE: () => {
				log.clear();
				return [200, { entries: [] }];
			},
		},
	};

	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {string} pathname starting with /__sandbox
	 */
	async function handle(req, res, pathname) {
		if (!isLoopback(req.socket.remoteAddress))
			return sendJson(res, 403, { error: 'Test controls answer loopback callers only.' });
		const methods = routes[pathname.slice(PREFIX.length).replace(/\/$/, '')];
		if (!methods) return sendJson(res, 404, { error: `No control at ${pathname}. GET ${PREFIX} lists them.` });
		const action = methods[req.method ?? 'GET'];
		if (!action)
			return sendJson(
				res,
				405,
				{ error: `Use ${Object.keys(methods).join(' or ')}.` },
				{ Allow: Object.keys(methods).join(', ') },
			);

		const raw = await readBody(req);
		let body;
		try {
			body = raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
		} catch {
			return sendJson(res, 400, { error: 'The body must be JSON.' });
		}
		try {
			const [status, payload] = action(body);
			return sendJson(res, status, payload);
		} catch (error) {
			// Invalid control input (TypeError, RangeError) is the caller's mistake, not a crash.
			if (error instanceof TypeError || error instanceof RangeError)
				return sendJson(res, 400, { error: error.message });
			throw error;
		}
	}

	return { prefix: PREFIX, handle };
}

function isLoopback(address) {
	return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}

module.exports = { createHttpControls };
