'use strict';

const { itemQuery, findLive } = require('./item');
const { PDF_TYPE } = require('./accept');
const { renderDocumentPdf } = require('../data/document-pdf');
const { renderRow } = require('../data/stored');
const { wholeSecond } = require('../data/time');

/**
 * `GET /<sales invoices, credit notes, corrective invoices>/{key}` with `Accept: application/pdf`:
 * the document as a one-page PDF (../data/document-pdf). `mark_as_sent` ("Use this to mark/not
 * mark the artefact as sent. Defaulted to 'true'"): unless it is `false`, a document not yet sent
 * is marked sent first — `sent` becomes true and `updated_at` moves to now, as any change — and the
 * PDF shows the record so marked. A document already sent is left as it is, so asking again gives
 * the same bytes. An unknown id is the usual JSON 404; an invalid parameter the usual 400.
 */

/** Marks the document sent, as a change to it; nothing happens to one already sent. */
function markAsSent(ctx, def, index, now) {
	const row = ctx.rows(def.name)[index];
	if (renderRow(ctx, def, row, index).sent === true) return;
	// Seeded and written rows read `row.sent`; a `sent` set through the test hooks lies on top.
	row.sent = true;
	if (row.extra && 'sent' in row.extra) row.extra = { ...row.extra, sent: true };
	row.updated = Math.max(row.updated, wholeSecond(now));
	ctx.touch(def.name);
}

/** ASCII for the file name header: the number is the sandbox's own (`SI-123`), accents dropped. */
const fileName = (number) =>
	`${number
		.normalize('NFD')
		.replace(/[^\x20-\x7e]/g, '')
		.replace(/["\\/]/g, '-')}.pdf`;

/**
 * @param {object} ctx @param {object} def a table row with `pdf: true` @param {string} id
 * @param {URLSearchParams} query @param {number} now the clock's epoch ms
 * @returns {Promise<import('./index').ApiResponse>}
 */
async function documentPdf(ctx, def, id, query, now) {
	const index = findLive(ctx, def, id);
	if (itemQuery(def, query).mark_as_sent !== false) markAsSent(ctx, def, index, now);
	const bytes = await renderDocumentPdf(ctx, def, index);
	return {
		status: 200,
		headers: {
			'Content-Type': PDF_TYPE,
			'Content-Disposition': `inline; filename="${fileName(ctx.displayedAs(def.name, index))}"`,
		},
		bytes,
	};
}

module.exports = { documentPdf, markAsSent };
