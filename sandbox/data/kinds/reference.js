'use strict';

const R = require('../reference');
const { LEDGER_ACCOUNT_CLASSIFICATIONS } = require('../code-lists');
const { stamps } = require('./common');
const { byCode, whenTrue } = require('../../api/row-filters');

/**
 * A collection keyed by readable codes, read from a fixed list. Rows carry the code as their id.
 * @param {(ctx: object) => Array<[string, string, ...any[]]>} list [code, name, ...details] for a business
 * @param {(row: object, ctx: object) => object} [render] fields beyond id, displayed_as and $path
 * @param {(row: object) => string} [label]
 */
function codeList(list, render = () => ({}), label = (row) => row.name) {
	return {
		idKind: 'code',
		seed: (ctx) =>
			list(ctx).map(([code, name, ...details]) => ({
				code,
				name,
				details,
				created: ctx.biz.createdMs,
				updated: ctx.biz.createdMs,
				deleted: null,
			})),
		displayedAs: label,
		render,
	};
}

const plain = (rows) => () => rows;

const KINDS = {
	bank_account_types: codeList(plain(R.BANK_ACCOUNT_TYPES)),
	ledger_account_types: {
		...codeList(plain(R.LEDGER_ACCOUNT_TYPES)),
		predicates: {
			// The types a classification belongs to (each classification has one type).
			ledger_account_classification_id: byCode('ledger_account_classifications', (row, code) =>
				LEDGER_ACCOUNT_CLASSIFICATIONS.some(([c, , type]) => c === code && type === row.code),
			),
		},
	},
	artefact_statuses: codeList(plain(R.ARTEFACT_STATUSES)),
	countries: codeList(plain(R.COUNTRIES)),
	exchange_rates: codeList(
		(ctx) => {
			const perEuro = R.CURRENCIES.find(([code]) => code === ctx.biz.currency)[2];
			return R.CURRENCIES.filter(([code]) => code !== ctx.biz.currency).map(([code, name, units]) => [
				code,
				name,
				units / perEuro,
			]);
		},
		(row, ctx) => ({
			...stamps(row),
			rate: Number(row.details[0].toFixed(6)),
			inverse_rate: Number((1 / row.details[0]).toFixed(6)),
			base_currency: ctx.refCode('currencies', ctx.biz.currency),
			currency: ctx.refCode('currencies', row.code),
		}),
		(row) => `${row.name} (${row.code})`,
	),
	tax_rates: {
		// No seeded rate is a CIS (construction) rate.
		predicates: { cis_only: whenTrue('cis_only', () => false) },
		...codeList(
			(ctx) => R.TAX_RATES[ctx.biz.country],
			(row) => {
				const [percentage, earlier = []] = row.details;
				return {
					...stamps(row),
					name: row.name,
					agency: null,
					percentage,
					percentages: [
						...earlier.map(([before, from, to]) => ({ percentage: before, from_date: from, to_date: to })),
						{ percentage, from_date: currentFrom(earlier), to_date: null },
					],
					is_visible: true,
					retailer: false,
					editable: false,
					deletable: false,
					is_combined_rate: false,
					component_tax_rates: [],
				};
			},
			(row) => `${row.name} ${row.details[0].toFixed(2)}%`,
		),
	},
	tax_offices: codeList(
		(ctx) => R.TAX_OFFICES[ctx.biz.country] ?? [],
		(row) => ({ office_number: row.name, name: row.details[0] }),
		(row) => row.details[0],
	),
};

/** The day after the last earlier percentage ends; 2011-01-04 for a rate that never changed. */
function currentFrom(earlier) {
	if (!earlier.length) return '2011-01-04';
	const day = new Date(`${earlier[earlier.length - 1][2]}T00:00:00Z`);
	day.setUTCDate(day.getUTCDate() + 1);
	return day.toISOString().slice(0, 10);
}

module.exports = { ...KINDS, codeList };
