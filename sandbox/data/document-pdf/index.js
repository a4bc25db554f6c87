'use strict';

const { sheetOf } = require('./sheet');
const { drawSheet } = require('./draw');

/**
 * The PDF the API answers for `GET /<sales invoices, credit notes or corrective invoices>/{key}`
 * with `Accept: application/pdf`: one page, the record as it is now. The API marks the document as
 * sent first (unless `mark_as_sent=false`), so this gives the bytes it sent as long as nothing
 * changed since. `dataset.renderDocumentPdf` exposes it to tests.
 * @param {object} ctx the business context @param {object} def a table row with `pdf: true`
 * @param {number} index the record's row
 * @returns {Promise<Buffer>}
 */
function renderDocumentPdf(ctx, def, index) {
	if (!def.pdf) throw new Error(`${def.name} is not rendered as a PDF`);
	return drawSheet(sheetOf(ctx, def, index));
}

module.exports = { renderDocumentPdf };
