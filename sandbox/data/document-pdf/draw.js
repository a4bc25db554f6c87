'use strict';

/**
 * Draws a sheet (sheet.js) on one A4 page with pdfkit, a devDependency loaded on first use (the
 * sandbox reads without `npm install`; PDFs, like writes, need it).
 *
 * Same sheet → same bytes: the PDF's dates are the sheet's `changedAt`, its producer is fixed, and
 * pdfkit derives the file ID from that information dictionary; the standard fonts are not embedded,
 * so nothing else varies. Everything fits one page: table rows get smaller as lines grow (readable
 * up to about a hundred lines), and text too wide for its column is cut with an ellipsis.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = PAGE.width - MARGIN;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1a1a1a';
const MUTED = '#666666';
const RULE = '#bbbbbb';
const PRODUCER = 'Accounting Service sandbox';

/** Table columns, left to right, filling the width between the margins. */
const COLUMNS = [
	{ key: 'description', title: 'Description', width: 165, align: 'left' },
	{ key: 'quantity', title: 'Qty', width: 40, align: 'right' },
	{ key: 'unitPrice', title: 'Unit price', width: 62, align: 'right' },
	{ key: 'net', title: 'Net', width: 66, align: 'right' },
	{ key: 'taxRate', title: 'Tax rate', width: 70, align: 'left', inset: 8 },
	{ key: 'tax', title: 'Tax', width: 54, align: 'right' },
	{ key: 'total', title: 'Total', width: PAGE.width - 2 * MARGIN - 457, align: 'right' },
];

/** Characters the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can show: other characters lose their accents (`Ł` → `L`) or become `?`. */
function printable(text) {
	let out = '';
	for (const ch of String(text ?? '')) {
		const code = ch.codePointAt(0) ?? 0;
		if ((code >= 32 && code < 127) || (code >= 160 && code < 256) || WIN_ANSI_EXTRA.has(ch)) out += ch;
		else if (ch === '\n' || ch === '\t') out += ' ';
		else out += ch.normalize('NFD').replace(/[^\x20-\x7e]/g, '') || (code < 32 ? '' : '?');
	}
	return out;
}

/** `1234.5` → `1,234.50`, the same on every machine (no locale data involved). */
function money(value) {
	const cents = Math.round(Math.abs(value) * 100);
	const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return `${value < 0 && cents > 0 ? '-' : ''}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** Quantities show their decimals only when they have some. */
const quantity = (value) => String(Math.round(value * 1e6) / 1e6);

/**
 * @param {string} text a printable text @param {number} width
 * @returns {string} the text, cut with an ellipsis to fit the current font in `width`
 */
function fit(doc, text, width) {
	if (doc.widthOfString(text) <= width) return text;
	let low = 0;
	let high = text.length;
	while (low < high) {
		const mid = Math.ceil((low + high) / 2);
		if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
		else high = mid - 1;
	}
	return `${text.slice(0, low).trimEnd()}…`;
}

/** Words into at most `max` lines of `width`, the last cut with an ellipsis when more remains. */
function wrap(doc, text, width, max) {
	const lines = [];
	let line = '';
	const words = text.split(/\s+/).filter(Boolean);
	for (let i = 0; i < words.length; i++) {
		const candidate = line ? `${line} ${words[i]}` : words[i];
		if (doc.widthOfString(candidate) <= width || !line) {
			line = candidate;
			continue;
		}
		if (lines.length === max - 1) return [...lines, fit(doc, `${line} ${words.slice(i).join(' ')}`, width)];
		lines.push(line);
		line = words[i];
	}
	return line ? [...lines, fit(doc, line, width)] : lines;
}

/**
 * One line of text at (x, y), never wrapped (pdfkit would add a page for text past the bottom).
 * @param {{ font?: string, size?: number, color?: string, align?: 'left'|'right', width?: number }} style
 */
function put(doc, text, x, y, { font = REGULAR, size = 9, color = INK, align = 'left', width } = {}) {
	doc.font(font).fontSize(size).fillColor(color);
	const shown = width === undefined ? printable(text) : fit(doc, printable(text), width);
	const left = align === 'right' ? x - doc.widthOfString(shown) : x;
	doc.text(shown, left, y, { lineBreak: false });
}

function rule(doc, y, from = MARGIN, to = RIGHT) {
	doc.moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

/** The business (left) and the document's title, number and facts (right); returns the y below both. */
function header(doc, sheet) {
	put(doc, sheet.business.name, MARGIN, MARGIN, { font: BOLD, size: 14, width: 290 });
	let left = MARGIN + 22;
	for (const line of sheet.business.lines) {
		put(doc, line, MARGIN, left, { size: 9, color: MUTED, width: 290 });
		left += 11.5;
	}
	put(doc, sheet.title.toUpperCase(), RIGHT, MARGIN, { font: BOLD, size: 20, align: 'right' });
	put(doc, sheet.number, RIGHT, MARGIN + 27, { font: BOLD, size: 11, align: 'right', width: 200 });
	let right = MARGIN + 46;
	for (const [label, value] of sheet.facts) {
		put(doc, `${label}:`, RIGHT - 110, right, { size: 9, color: MUTED, align: 'right' });
		put(doc, value, RIGHT, right, { size: 9, align: 'right', width: 104 });
		right += 12.5;
	}
	return Math.max(left, right);
}

/** Whom the document is for; returns the y below it. */
function contactBlock(doc, sheet, top) {
	const { contact } = sheet;
	put(doc, contact.heading.toUpperCase(), MARGIN, top, { font: BOLD, size: 8, color: MUTED });
	put(doc, contact.name, MARGIN, top + 12, { font: BOLD, size: 11, width: 300 });
	let y = top + 27;
	const lines = [...(contact.reference ? [`Reference: ${contact.reference}`] : []), ...contact.lines];
	for (const line of lines) {
		put(doc, line, MARGIN, y, { size: 9, width: 300 });
		y += 11.5;
	}
	return y;
}

/** A cell of the lines table. */
function cell(doc, column, x, y, text, style) {
	const inset = column.inset ?? 0;
	const width = column.width - inset - 4;
	if (column.align === 'right') put(doc, text, x + column.width, y, { ...style, align: 'right', width });
	else put(doc, text, x + inset, y, { ...style, width });
}

/** The lines table between `top` and `bottom`, its rows as tall as fit (at most 13 pt). */
function linesTable(doc, sheet, top, bottom) {
	let x = MARGIN;
	for (const column of COLUMNS) {
		cell(doc, column, x, top, column.title, { font: BOLD, size: 8, color: MUTED });
		x += column.width;
	}
	rule(doc, top + 12);
	const first = top + 17;
	const rowHeight = Math.min(13, (bottom - first) / Math.max(sheet.lines.length, 1));
	const size = Math.max(2, Math.min(8, rowHeight * 0.7));
	sheet.lines.forEach((line, k) => {
		const shown = {
			description: line.description,
			quantity: quantity(line.quantity),
			unitPrice: money(line.unitPrice),
			net: money(line.net),
			taxRate: line.taxRate,
			tax: money(line.tax),
			total: money(line.total),
		};
		let left = MARGIN;
		for (const column of COLUMNS) {
			cell(doc, column, left, first + k * rowHeight, shown[column.key], { size });
			left += column.width;
		}
	});
	const end = first + sheet.lines.length * rowHeight + 2;
	rule(doc, end);
	return end;
}

/** Totals, currency, notes and terms under the table. */
function footer(doc, sheet, top) {
	let y = top + 8;
	for (const total of sheet.totals) {
		const font = total.strong ? BOLD : REGULAR;
		put(doc, total.label, RIGHT - 120, y, { font, size: 9, align: 'right' });
		put(doc, `${sheet.currency} ${money(total.amount)}`, RIGHT, y, { font, size: 9, align: 'right' });
		y += 13;
	}
	put(doc, `Amounts in ${sheet.currency} (${sheet.currencyName}).`, MARGIN, top + 8, { size: 8, color: MUTED });
	let below = top + 21;
	doc.font(REGULAR).fontSize(8);
	const notes = sheet.notes ? wrap(doc, printable(sheet.notes), 300, 2) : [];
	const terms = sheet.terms ? wrap(doc, printable(sheet.terms), 300, 3) : [];
	for (const line of notes) {
		put(doc, line, MARGIN, below, { size: 8 });
		below += 10;
	}
	for (const line of terms) {
		put(doc, line, MARGIN, below, { size: 8, color: MUTED });
		below += 10;
	}
}

/** Height the footer needs: the totals and room for the notes and terms beside them. */
const footerHeight = (sheet) => Math.max(sheet.totals.length * 13, 60) + 16;

/**
 * @param {import('./sheet').Sheet} sheet
 * @returns {Promise<Buffer>} the PDF
 */
function drawSheet(sheet) {
	const PDFDocument = require('pdfkit');
	const doc = new PDFDocument({
		size: 'A4',
		margin: 0,
		info: {
			Title: printable(`${sheet.title} ${sheet.number}`),
			Author: printable(sheet.business.name),
			Subject: printable(`${sheet.title} ${sheet.number} for ${sheet.contact.name}`),
			Creator: PRODUCER,
			Producer: PRODUCER,
			CreationDate: sheet.changedAt,
			ModDate: sheet.changedAt,
		},
	});
	const chunks = [];
	const done = new Promise((resolve, reject) => {
		doc.on('data', (chunk) => chunks.push(chunk));
		doc.on('end', () => resolve(Buffer.concat(chunks)));
		doc.on('error', reject);
	});
	const below = contactBlock(doc, sheet, header(doc, sheet) + 16);
	const bottom = PAGE.height - MARGIN - footerHeight(sheet);
	footer(doc, sheet, linesTable(doc, sheet, below + 18, bottom));
	doc.end();
	return done;
}

module.exports = { drawSheet, money, printable };
