'use strict';

const { fail } = require('./errors');
const { attachments } = require('../data/kinds/attachments');

const OCTET_STREAM = 'application/octet-stream';

/** @param {string|undefined} accept */
const acceptsOctetStream = (accept) =>
	(accept ?? '').split(',').some((part) => part.split(';')[0].trim().toLowerCase() === OCTET_STREAM);

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function disposition(name) {
	const ascii = name
		.normalize('NFD')
		.replace(/[^\x20-\x7e]/g, '')
		.replace(/["\\]/g, '');
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET /attachments/{id}/file`: the bytes, streamed, and only to a caller that asks for
 * `application/octet-stream`, whatever the file's own type (a v3.1 rule).
 * @param {object} ctx @param {string} id @param {Record<string, string>} headers
 */
function attachmentFile(ctx, id, headers) {
	const index = ctx.find('attachments', id);
	if (index < 0) fail(404, 'RecordNotFound', `No attachment with id "${id}" in this business.`, 'id');
	if (!acceptsOctetStream(headers.accept)) {
		fail(
			406,
			'NotAcceptable',
			`Attachment files are only served with the request header "Accept: ${OCTET_STREAM}".`,
			'Accept',
		);
	}
	const row = ctx.rows('attachments')[index];
	const file = attachments.fileFor(ctx, row);
	return {
		status: 200,
		headers: {
			'Content-Type': OCTET_STREAM,
			'Content-Length': String(file.size),
			'Content-Disposition': disposition(row.name),
		},
		stream: file.open(),
	};
}

module.exports = { attachmentFile };
