'use strict';

const { Readable } = require('node:stream');
const { SEED_END, wholeSecond } = require('../time');
const { fileOf } = require('../files/parts');
const { pdfParts } = require('../files/pdf');
const { pngParts, pngSize } = require('../files/png');
const { csvParts } = require('../files/csv');
const { stamps, formatDay, formatInstant } = require('./common');
const { transactionRef } = require('./ledger');

const MiB = 1024 * 1024;

/** What each business has attached to what. The lead carries the large file and a deleted one. */
const PLANS = {
	lead: [
		{ space: 'sales_invoices', count: 12, kind: 'pdf' },
		{ space: 'purchase_invoices', count: 8, kind: 'png' },
		{ space: 'other_payments', count: 4, kind: 'png' },
		{ space: 'contacts', count: 3, kind: 'csv' },
		{ space: 'purchase_invoices', count: 1, kind: 'pdf', size: 5 * MiB, title: 'Equipment lease agreement (signed)' },
		{ space: 'sales_invoices', count: 1, kind: 'pdf', deleted: true },
	],
	second: [
		{ space: 'sales_invoices', count: 3, kind: 'pdf' },
		{ space: 'purchase_invoices', count: 2, kind: 'png' },
		{ space: 'contacts', count: 1, kind: 'csv' },
	],
	invited: [
		{ space: 'sales_invoices', count: 2, kind: 'pdf' },
		{ space: 'other_payments', count: 1, kind: 'png' },
	],
};

const TYPES = {
	pdf: ['application/pdf', '.pdf'],
	png: ['image/png', '.png'],
	csv: ['text/csv', '.csv'],
};

/** What an attachment can hang on: collection → [attachment context type id, name] (/attachment_context_types). */
const CONTEXT_TYPES = {
	sales_invoices: ['SALES_INVOICE', 'Sales Invoice'],
	sales_credit_notes: ['SALES_CREDIT_NOTE', 'Sales Credit Note'],
	sales_corrective_invoices: ['SALES_CORRECTIVE_INVOICE', 'Sales Corrective Invoice'],
	sales_quotes: ['SALES_QUOTE', 'Sales Quote'],
	sales_estimates: ['SALES_ESTIMATE', 'Sales Estimate'],
	purchase_invoices: ['PURCHASE_INVOICE', 'Purchase Invoice'],
	purchase_credit_notes: ['PURCHASE_CREDIT_NOTE', 'Purchase Credit Note'],
	purchase_corrective_invoices: ['PURCHASE_CORRECTIVE_INVOICE', 'Purchase Corrective Invoice'],
	other_payments: ['OTHER_PAYMENT', 'Other Payment'],
	contacts: ['CONTACT', 'Contact'],
};

/**
 * The attachment's bytes: regenerated from the row on every download, never stored; an
 * attachment uploaded through the API (`POST /attachments`) serves the bytes it was given.
 */
function fileFor(ctx, row) {
	if (row.bytes) return { size: row.bytes.length, open: () => Readable.from([row.bytes]) };
	const label = ctx.displayedAs(row.space, row.index);
	if (row.kind === 'png') {
		// Drawing costs milliseconds, so the size comes from arithmetic and pixels only on download.
		const spec = { seed: row.seed, width: 360 + (row.seed % 5) * 40, height: 480 };
		return { size: pngSize(spec), open: () => fileOf(pngParts(spec)).open() };
	}
	if (row.kind === 'csv') {
		const products = ctx.rows('products');
		const items = Array.from({ length: 25 }, (_, k) => products[(row.seed + k * 13) % products.length]);
		return fileOf(csvParts({ seed: row.seed, title: label, items }));
	}
	const context = ctx.rows(row.space)[row.index];
	const lines = [ctx.biz.record.name, `${row.title ?? 'Copy of'} ${label}`];
	if (context.date !== undefined) lines.push(`Date: ${formatDay(context.date)}`);
	if (context.net !== undefined)
		lines.push(`Total: ${((context.net + context.tax) / 100).toFixed(2)} ${ctx.biz.currency}`);
	if (context.contact >= 0) lines.push(`Contact: ${ctx.rows('contacts')[context.contact].name}`);
	return fileOf(pdfParts({ seed: row.seed, title: row.title ?? label, lines, size: row.target }));
}

function fileName(ctx, row) {
	const label = ctx.displayedAs(row.space, row.index);
	const ext = TYPES[row.kind][1];
	if (row.title) return `${row.title}${ext}`;
	if (row.kind === 'csv') return `Price list — ${ctx.rows('contacts')[row.index].name}${ext}`;
	if (row.kind === 'png') return `Receipt ${label.replace(/[\\/:*?"<>|]/g, '-')}${ext}`;
	return `${label}${ext}`;
}

const attachments = {
	seed(ctx) {
		const rng = ctx.rng('attachments');
		const plan = [...PLANS[ctx.biz.profile]];
		if (ctx.biz.key === 'lead' && ctx.options.bigAttachmentMiB > 0) {
			plan.push({
				space: 'purchase_invoices',
				count: 1,
				kind: 'pdf',
				size: ctx.options.bigAttachmentMiB * MiB,
				title: 'Benchmark scan archive',
			});
		}
		const rows = [];
		plan.forEach((item, p) => {
			const live = [];
			ctx.rows(item.space).forEach((r, i) => {
				if (r.deleted === null) live.push(i);
			});
			for (let k = 0; k < item.count; k++) {
				const index = live[(Math.floor(((k + 0.5) * live.length) / item.count) + p * 7) % live.length];
				const context = ctx.rows(item.space)[index];
				const created = wholeSecond(
					Math.max(context.created + 60_000, Math.min(SEED_END, context.created + rng.int(1, 72) * 3_600_000)),
				);
				const row = {
					space: item.space,
					index,
					kind: item.kind,
					seed: rng.uint32(),
					target: item.size,
					title: item.title,
					isPublic: item.space === 'sales_invoices',
					created,
					updated: created,
					deleted: null,
					size: 0,
					name: '',
				};
				if (item.deleted) {
					row.deleted = created + 3 * 86_400_000;
					row.updated = row.deleted;
				}
				rows.push(row);
			}
		});
		rows.sort((a, b) => a.created - b.created);
		for (const row of rows) {
			row.size = fileFor(ctx, row).size;
			row.name = fileName(ctx, row);
			if (row.deleted === null) ctx.rows(row.space)[row.index].attachments++;
		}
		return rows;
	},
	displayedAs: (row) => row.name,
	render(row, ctx, index) {
		const [mime, ext] = TYPES[row.kind];
		const [typeId] = CONTEXT_TYPES[row.space];
		const context = ctx.rows(row.space)[row.index];
		const id = ctx.id('attachments', index);
		return {
			deleted_at: formatInstant(row.deleted),
			mime_type: mime,
			description: row.title ?? null,
			file_extension: ext,
			transaction: context.tx >= 0 ? transactionRef(ctx, context.tx) : null,
			file_size: row.size,
			file_name: row.name,
			$file_path: `/attachments/${id}/file`,
			attachment_context_type: ctx.refCode('attachment_context_types', typeId),
			attachment_context: ctx.ref(row.space, row.index),
			is_public: row.isPublic,
			...stamps(row),
		};
	},
	CONTEXT_TYPES,
	fileFor,
	mimeOf: (row) => row.mime ?? TYPES[row.kind][0],
};

module.exports = { attachments };
