'use strict';

const { renderRow } = require('../stored');

/**
 * What the PDF of a sales invoice, credit note or corrective invoice shows, read from the record as
 * the API would answer it (so a PUT, a payment or a test hook shows on the next rendering) and from
 * the business's profile (its name and address follow `PUT /businesses`). Plain values only: the
 * drawing (draw.js) knows nothing of records.
 *
 * @typedef {object} SheetLine
 * @property {string} description
 * @property {number} quantity
 * @property {number} unitPrice
 * @property {number} net
 * @property {string} taxRate
 * @property {number} tax
 * @property {number} total
 *
 * @typedef {object} Sheet
 * @property {string} title `Invoice`, `Credit Note`, `Corrective Invoice`
 * @property {string} number the document's number (`SI-123`)
 * @property {Date} changedAt the record's `updated_at`: the PDF's creation date, so the bytes follow the record's state
 * @property {{ name: string, lines: string[] }} business name, address lines and tax number
 * @property {{ heading: string, name: string, reference: string|null, lines: string[] }} contact
 * @property {Array<[string, string]>} facts dates, references and status, label → value
 * @property {string} currency ISO code, e.g. `GBP`
 * @property {string} currencyName e.g. `Pound Sterling`
 * @property {SheetLine[]} lines
 * @property {Array<{ label: string, amount: number, strong?: boolean }>} totals
 * @property {string|null} notes
 * @property {string|null} terms
 */

/** `sales_corrective_invoices` → `Corrective Invoice`. */
function titleOf(name) {
	return name
		.replace(/^sales_/, '')
		.replace(/s$/, '')
		.split('_')
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' ');
}

/** @param {any} address a contact's or a document's address, or null */
function addressLines(address) {
	if (!address) return [];
	const place = [address.postal_code, address.city].filter(Boolean).join(' ');
	return [address.address_line_1, address.address_line_2, place].filter((line) => line);
}

/** Amounts are numbers inside the sandbox, or decimal strings with `amounts: 'string'`. */
const num = (value) => Number(value ?? 0);

/**
 * @param {object} ctx the business context
 * @param {object} def the collection's table row (`pdf: true`)
 * @param {number} index the record's row
 * @returns {Sheet}
 */
function sheetOf(ctx, def, index) {
	const row = ctx.rows(def.name)[index];
	const record = renderRow(ctx, def, row, index);
	const biz = ctx.biz;
	const profile = biz.record;
	const country = ctx.refCode('countries', biz.country.toUpperCase()).displayed_as;
	const credit = def.shape.lifecycle === 'credit';

	const facts = [
		['Date', record.date],
		...(record.due_date ? [['Due date', record.due_date]] : []),
		...(record.reference ? [['Reference', record.reference]] : []),
		...(record.original_invoice_number
			? [['Corrects', `${record.original_invoice_number} of ${record.original_invoice_date}`]]
			: []),
		['Status', record.status?.displayed_as ?? ''],
	];
	// Net and tax include shipping (written documents): the sheet shows the lines' net and shipping apart.
	const shipping = num(record.shipping_net_amount);
	return {
		title: titleOf(def.name),
		number: String(record[def.shape.number] ?? ctx.displayedAs(def.name, index)),
		changedAt: new Date(row.updated),
		business: {
			name: profile.name,
			lines: [...addressLines(profile), country, ...(biz.taxNumber ? [`Tax number ${biz.taxNumber}`] : [])],
		},
		contact: {
			heading: credit ? 'Credit to' : 'Bill to',
			name: record.contact_name ?? record.contact?.displayed_as ?? '',
			reference: record.contact_reference ?? null,
			lines: addressLines(record.main_address),
		},
		facts,
		currency: record.currency?.id ?? biz.currency,
		currencyName: ctx.currencyName,
		lines: (record[def.shape.lines] ?? []).map((line) => ({
			description: line.description ?? line.displayed_as ?? '',
			quantity: num(line.quantity),
			unitPrice: num(line.unit_price),
			net: num(line.net_amount),
			taxRate: line.tax_rate?.displayed_as ?? '',
			tax: num(line.tax_amount),
			total: num(line.total_amount),
		})),
		totals: [
			{ label: 'Net', amount: num(record.net_amount) - shipping },
			...(shipping ? [{ label: 'Shipping', amount: shipping }] : []),
			{ label: 'Tax', amount: num(record.tax_amount) },
			{ label: 'Total', amount: num(record.total_amount), strong: true },
			{ label: credit ? 'Refunded or allocated' : 'Paid', amount: num(record.total_paid) },
			{ label: credit ? 'Still to credit' : 'Balance due', amount: num(record.outstanding_amount), strong: true },
		],
		notes: record.notes ?? null,
		terms: record.terms_and_conditions ?? null,
	};
}

module.exports = { sheetOf, titleOf };
