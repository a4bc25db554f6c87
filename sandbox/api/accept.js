'use strict';

const { fail } = require('./errors');
const { TABLE } = require('../data/collections');

const JSON_TYPE = 'application/json';
const PDF_TYPE = 'application/pdf';
/** Where the service renders PDFs, for the refusal's message. */
const PDF_PATHS = TABLE.filter((def) => def.pdf).map((def) => `/${def.name}/{key}`);

/**
 * Media ranges of an `Accept` header, most wanted first (by `q`, then as written); `q=0` means
 * "not this", so it is left out.
 * @param {string} accept
 * @returns {string[]} lower-cased `type/subtype` ranges
 */
function rangesOf(accept) {
	return accept
		.split(',')
		.map((part, order) => {
			const [range, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
			const q = params.find((p) => p.startsWith('q='));
			return { range, q: q === undefined ? 1 : Number(q.slice(2)), order };
		})
		.filter(({ range, q }) => range !== '' && q > 0)
		.sort((a, b) => b.q - a.q || a.order - b.order)
		.map(({ range }) => range);
}

/** @param {string} range @param {string} type */
const covers = (range, type) => range === '*/*' || range === type || range === `${type.split('/')[0]}/*`;

/**
 * The media type to answer in: the first offered type (JSON, the service's default) without an
 * `Accept` header, else the one the caller wants most among `offered`. A caller that asks for
 * `application/pdf` where no PDF is offered, and accepts nothing else offered, is refused with
 * 406; other unknown types (`text/html`) still get JSON, as before the sandbox rendered PDFs.
 * @param {string|undefined} accept the request's header
 * @param {readonly string[]} offered in the sandbox's order of preference, JSON first
 * @param {string} where the request (`GET /sales_quotes/…`), for the message
 * @returns {string} one of `offered`
 */
function negotiate(accept, offered, where) {
	if (accept === undefined || accept.trim() === '') return offered[0];
	const ranges = rangesOf(accept);
	for (const range of ranges) {
		const type = offered.find((candidate) => covers(range, candidate));
		if (type) return type;
	}
	if (!ranges.includes(PDF_TYPE)) return offered[0];
	return fail(
		406,
		'NotAcceptable',
		`${where} is not available as ${PDF_TYPE} (Accept: ${accept}); it answers ${offered.join(' or ')}. PDFs are rendered for GET ${PDF_PATHS.join(', ')}.`,
		'Accept',
	);
}

module.exports = { negotiate, JSON_TYPE, PDF_TYPE };
