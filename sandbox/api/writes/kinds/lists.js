'use strict';

const { formatDay, parseDay } = require('../../../data/time');
const { CURRENCIES } = require('../../../data/reference');
const { attachments: attachmentKind } = require('../../../data/kinds/attachments');
const { transactionRef } = require('../../../data/kinds/ledger');

/**
 * The remaining collections that take POST: attachments, tax rates, journal codes, the business's
 * exchange rates, hosted payment settings, migrated tax returns and analysis type categories.
 */

/** The service's API reference: `file_size`, max 2621440 bytes. */
const MAX_ATTACHMENT_BYTES = 2_621_440;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CONTEXT_TYPE_OF = Object.fromEntries(
	Object.entries(attachmentKind.CONTEXT_TYPES).map(([space, [id]]) => [space, id]),
);

const attachments = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		let bytes = old?.bytes;
		if (input.file !== undefined && input.file !== null) {
			const text = input.file.replace(/\s+/g, '');
			if (!BASE64.test(text)) problems.add('file', "file must be the file's bytes in base64");
			else {
				bytes = Buffer.from(text, 'base64');
				if (bytes.length === 0) problems.add('file', 'file must not be empty');
				if (bytes.length > MAX_ATTACHMENT_BYTES)
					problems.add(
						'file',
						`file is ${bytes.length} bytes; attachments may be at most ${MAX_ATTACHMENT_BYTES} bytes`,
					);
			}
		}
		if (input.file_size !== undefined && input.file_size !== null) {
			if (input.file_size > MAX_ATTACHMENT_BYTES)
				problems.add('file_size', `file_size must be at most ${MAX_ATTACHMENT_BYTES} bytes`);
			else if (bytes && !problems.has('file') && input.file_size !== bytes.length)
				problems.add('file_size', `file_size ${input.file_size} is not the size of file (${bytes.length} bytes)`);
		}
		const typeGiven = input.attachment_context_type_id;
		const idGiven = input.attachment_context_id;
		let space = old?.space;
		let index = old?.index;
		if (typeGiven !== undefined || idGiven !== undefined) {
			if (typeof typeGiven !== 'string')
				problems.add('attachment_context_type_id', 'attachment_context_type_id is required with attachment_context_id');
			else if (typeof idGiven !== 'string')
				problems.add('attachment_context_id', 'attachment_context_id is required with attachment_context_type_id');
			else {
				const found = w.ref('attachment_context_id');
				if (!found) {
					if (!w.problems.has('attachment_context_id'))
						problems.add(
							'attachment_context_id',
							`attachment_context_id names no record of type ${typeGiven} in this business`,
						);
				} else ({ name: space, index } = found);
			}
		} else if (!old && !input.transaction_id) {
			problems.add(
				'attachment_context_id',
				'attachment_context_type_id and attachment_context_id are required: an attachment belongs to a record',
			);
		}
		if (problems.size) return;
		const context = space ? ctx.rows(space)[index] : null;
		const tx = w.ref('transaction_id');
		const name = record.file_name;
		const extension = record.file_extension ?? /\.[A-Za-z0-9]+$/.exec(name)?.[0].toLowerCase() ?? null;
		Object.assign(record, {
			deleted_at: null,
			file_extension: extension,
			file_size: bytes?.length ?? old.size,
			file_name: name,
			$file_path: `/attachments/${ctx.id('attachments', w.rowIndex ?? w.index)}/file`,
			attachment_context_type: space ? ctx.refCode('attachment_context_types', CONTEXT_TYPE_OF[space]) : null,
			attachment_context: space ? ctx.ref(space, index) : null,
			transaction: tx
				? transactionRef(ctx, ctx.rows('transactions')[tx.index].tx)
				: context && context.tx >= 0
					? transactionRef(ctx, context.tx)
					: null,
			is_public: record.is_public ?? false,
		});
		if ('file' in record) delete record.file;
		// A seeded attachment keeps its generated file unless a new one is sent.
		Object.assign(w.draft, {
			space,
			index,
			bytes,
			mime: record.mime_type,
			name,
			size: bytes?.length ?? old.size,
			isPublic: record.is_public,
			kind: bytes ? null : old.kind,
		});
	},
	label: (w, record) => record.file_name,
	book(w, row) {
		if (row.space) {
			w.ctx.rows(row.space)[row.index].attachments = (w.ctx.rows(row.space)[row.index].attachments ?? 0) + 1;
			w.ctx.touch(row.space);
		}
	},
	revert(w, row) {
		if (row.space) {
			w.ctx.rows(row.space)[row.index].attachments -= 1;
			w.ctx.touch(row.space);
		}
	},
};

const taxRates = {
	build(w, record) {
		const { ctx, input } = w;
		const components = input.component_tax_rate ?? null;
		const old = w.row;
		const percentage = components
			? components.reduce((s, c) => s + Number(c.percentage ?? 0), 0)
			: (old?.details?.[0] ?? 0);
		Object.assign(record, {
			name: record.name,
			percentage,
			percentages: [{ percentage, from_date: formatDay(Math.floor(w.now / 86_400_000)), to_date: null }],
			is_visible: record.is_visible ?? true,
			retailer: false,
			editable: true,
			deletable: true,
			is_combined_rate: Boolean(components && components.length > 1),
			component_tax_rates: components
				? components.map((c, k) => ({
						id: w.ctx.subId('tax_rates', w.index, k + 1),
						displayed_as: c.name,
						name: c.name,
						agency: c.agency ?? null,
						percentage: Number(c.percentage ?? 0),
					}))
				: (record.component_tax_rates ?? []),
		});
		if (!old) w.draft.code = ctx.subId('tax_rates', w.index, 0);
		Object.assign(w.draft, { name: record.name, details: [percentage] });
	},
	label: (w, record) => `${record.name} ${Number(record.percentage).toFixed(2)}%`,
};

const journalCodes = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		if (
			typeof input.code === 'string' &&
			ctx.rows('journal_codes').some((row, i) => row.deleted === null && i !== w.rowIndex && row.code === input.code)
		) {
			problems.add('code', `code "${input.code}" is already used by another journal code`);
		}
		if (problems.size) return;
		Object.assign(record, {
			control_name: old?.control ?? record.control_name ?? null,
			reserved: Boolean(old?.control),
		});
		Object.assign(w.draft, {
			code: record.code,
			name: record.name,
			type: record.journal_code_type?.id,
			control: old?.control ?? null,
		});
	},
	label: (w, record) => `${record.code} - ${record.name}`,
	editable: (w) => (w.row.control ? 'it is reserved' : null),
	deletable: (w) => (w.row.control ? 'it is reserved' : null),
};

const businessExchangeRates = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const code = input.currency_id ?? old?.code;
		if (!old && code === ctx.biz.currency)
			problems.add('currency_id', `currency_id must be another currency than the business's own (${ctx.biz.currency})`);
		if (!old && ctx.rows('business_exchange_rates').some((row) => row.deleted === null && row.code === code)) {
			problems.add('currency_id', `the business already has an exchange rate for ${code}; change that one instead`);
		}
		if (old && input.currency_id && input.currency_id !== old.code)
			problems.add('currency_id', "currency_id cannot change: the rate is that currency's");
		const rate = input.rate ?? old?.rate;
		if (!(rate > 0)) problems.add('rate', 'rate must be more than 0');
		if (problems.size) return;
		const [, name] = CURRENCIES.find(([c]) => c === code) ?? [code, code];
		Object.assign(record, {
			rate,
			inverse_rate: Number((1 / rate).toFixed(6)),
			base_currency: ctx.refCode('currencies', ctx.biz.currency),
			currency: ctx.refCode('currencies', code),
		});
		Object.assign(w.draft, { code, name, rate });
	},
	label: (w) => `${w.draft.name} (${w.draft.code})`,
};

const hostedArtefactPaymentSettings = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const invoice = w.ref('object_guid');
		if (!invoice) problems.add('object_guid', 'object_guid is required: the id of the sales invoice');
		else if (
			ctx
				.rows('hosted_artefact_payment_settings')
				.some((row) => row.deleted === null && row.space === 'sales_invoices' && row.index === invoice.index)
		) {
			problems.add('object_guid', 'object_guid already has a payment setting');
		}
		if (problems.size) return;
		Object.assign(record, { object_guid: input.object_guid, disable_payment: input.disable_payment ?? true });
		Object.assign(w.draft, { space: 'sales_invoices', index: invoice.index });
	},
	label: (w) => w.ctx.displayedAs('sales_invoices', w.draft.index),
};

const migrationTaxReturns = {
	build(w, record) {
		const { input, problems } = w;
		const old = w.row;
		const from = typeof input.from_date === 'string' ? parseDay(input.from_date) : old?.from;
		const to = typeof input.to_date === 'string' ? parseDay(input.to_date) : old?.to;
		if (from !== undefined && to !== undefined && to < from)
			problems.add('to_date', 'to_date must not be before from_date');
		if (problems.size) return;
		Object.assign(w.draft, { from, to });
	},
	label: (w) => `VAT Return ${formatDay(w.draft.from)} - ${formatDay(w.draft.to)}`,
};

const analysisTypeCategories = {
	build(w, record) {
		const { ctx, problems } = w;
		const old = w.row;
		const type = w.ref('analysis_type_id')?.index ?? old?.type;
		if (type === undefined)
			problems.add('analysis_type_id', 'analysis_type_id is required: a category belongs to an analysis type');
		if (!record.name) problems.add('name', 'name is required');
		if (!record.code) problems.add('code', 'code is required');
		if (problems.size) return;
		Object.assign(record, {
			combined_id: `${type + 1}_${record.code}`,
			analysis_type: ctx.ref('analysis_types', type),
		});
		Object.assign(w.draft, { type, code: record.code, name: record.name });
	},
	label: (w, record) => record.name,
};

module.exports = {
	attachments,
	taxRates,
	journalCodes,
	businessExchangeRates,
	hostedArtefactPaymentSettings,
	migrationTaxReturns,
	analysisTypeCategories,
	MAX_ATTACHMENT_BYTES,
};
