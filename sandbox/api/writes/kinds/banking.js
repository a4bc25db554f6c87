'use strict';

const { amount } = require('../../../data/money');
const { formatDay, parseDay } = require('../../../data/time');
const { transactionTypeRef, GROUPS } = require('../../../data/kinds/ledger');
const { SCOPES } = require('../../../data/chart');
const { cents, book } = require('../books');

/**
 * Ledger accounts, bank accounts and the bookings between accounts: journals, opening balances,
 * transfers, deposits, other payments, and bank reconciliations (which book nothing). Every booking
 * is one balanced transaction, so the trial balance stays balanced.
 */

const dayOr = (value, fallback) => (typeof value === 'string' ? parseDay(value) : fallback);

/**
 * Journal lines: each a debit or a credit (not both, not negative), debits equal to credits.
 * @returns {Array<{ account: number, debit: number, credit: number, source: string }> | null}
 */
function readJournalLines(w, lines) {
	const { problems } = w;
	const out = [];
	lines.forEach((line, k) => {
		const source = `journal_lines.${k}`;
		const debit = cents(line.debit);
		const credit = cents(line.credit);
		if (debit < 0 || credit < 0) problems.add(source, `${source}: debit and credit must not be negative`);
		else if (debit > 0 === credit > 0) problems.add(source, `${source} must have either a debit or a credit`);
		out.push({ account: w.ref(`${source}.ledger_account_id`)?.index ?? -1, debit, credit, source });
	});
	const debits = out.reduce((s, l) => s + l.debit, 0);
	const credits = out.reduce((s, l) => s + l.credit, 0);
	if (lines.length < 2) problems.add('journal_lines', 'journal_lines must have at least two lines');
	else if (debits !== credits)
		problems.add('journal_lines', `journal_lines must balance: debits ${amount(debits)} ≠ credits ${amount(credits)}`);
	return out;
}

/** Journal line records as the seeded journals show them. */
function journalLineRecords(w, lines, input, full) {
	const { ctx } = w;
	return lines.map((l, k) => ({
		id: ctx.subId(w.def.name, w.index, k + 1),
		ledger_account: ctx.ref('ledger_accounts', l.account),
		details: input[k]?.details ?? null,
		debit: amount(l.debit),
		credit: amount(l.credit),
		...(full
			? {
					analysis_type_categories: [],
					include_on_tax_return: input[k]?.include_on_tax_return ?? false,
					tax_reconciled: false,
					cleared: false,
					bank_reconciled: false,
					journal_line_foreign_currency: null,
				}
			: {}),
	}));
}

/** Lines as the record keeps them, back to amounts (an update that leaves the lines alone). */
const linesOfRecord = (ctx, lines) =>
	(lines ?? []).map((l) => ({
		account: ctx.find('ledger_accounts', l.ledger_account.id),
		debit: cents(l.debit),
		credit: cents(l.credit),
	}));

function journalKind(full) {
	return {
		/**
		 * A seeded opening balance journal may be the ledger accounts' opening balances booked
		 * together: deleting it deletes them too.
		 */
		afterCommit(w, row, index, { deleted }) {
			if (full || !deleted || row.tx === undefined) return;
			let touched = false;
			for (const balance of w.ctx.rows('ledger_account_opening_balances')) {
				if (balance.deleted === null && balance.tx === row.deletedTx) {
					balance.deleted = w.now;
					balance.updated = w.now;
					touched = true;
				}
			}
			if (touched) w.ctx.touch('ledger_account_opening_balances');
		},
		revert(w, row) {
			row.deletedTx = row.tx;
		},
		build(w, record) {
			const { ctx, input, problems } = w;
			const old = w.row;
			const lines = input.journal_lines
				? readJournalLines(w, input.journal_lines)
				: linesOfRecord(ctx, record.journal_lines);
			const date = dayOr(input.date, old?.date ?? (full ? undefined : (parseDay(record.date ?? '') ?? undefined)));
			if (date === undefined || date === null) {
				if (full) problems.add('date', 'date is required');
			}
			if (full && input.journal_code) {
				const code = input.journal_code.code;
				const index = ctx
					.rows('journal_codes')
					.findIndex((c) => c.deleted === null && (c.code ?? c.stored?.code) === code);
				if (index < 0)
					problems.add('journal_code.code', `journal_code.code "${code}" names no journal code of this business`);
				else record.journal_code = ctx.ref('journal_codes', index);
			}
			if (problems.size) return;
			const day = date ?? old?.date ?? Math.floor(w.now / 86_400_000);
			const total = lines.reduce((s, l) => s + l.debit, 0);
			Object.assign(record, {
				transaction_type: transactionTypeRef('JOURNAL'),
				deleted_at: null,
				date: formatDay(day),
				journal_lines: input.journal_lines
					? journalLineRecords(w, lines, input.journal_lines, full)
					: record.journal_lines,
				...(full ? { total: amount(total), migrated: record.migrated ?? false } : {}),
			});
			Object.assign(w.draft, {
				date: day,
				total,
				ref: record.reference,
				legs: lines.map((l) => [l.account, l.debit, l.credit]),
			});
		},
		label: (w, record) =>
			[record.reference, record.description].filter(Boolean).join(' ') || `Journal ${formatDay(w.draft.date)}`,
		book(w, row, index) {
			const legs =
				row.legs ?? linesOfRecord(w.ctx, row.stored.journal_lines).map((l) => [l.account, l.debit, l.credit]);
			row.tx = book(w.ctx, {
				type: 'JOURNAL',
				day: row.date,
				created: w.now,
				source: [w.def.name, index],
				label: row.label,
				legs,
			});
		},
	};
}

/** Two distinct live bank accounts. */
function twoAccounts(w) {
	const from = w.ref('from_bank_account_id')?.index ?? w.row?.from;
	const to = w.ref('to_bank_account_id')?.index ?? w.row?.to;
	if (from !== undefined && from === to)
		w.problems.add('to_bank_account_id', 'to_bank_account_id must be another bank account than from_bank_account_id');
	return { from, to };
}

const bankTransfers = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const { from, to } = twoAccounts(w);
		const value = input.amount !== undefined ? cents(input.amount) : old?.amount;
		if (value <= 0) problems.add('amount', 'amount must be more than 0');
		const date = dayOr(input.date, old?.date);
		if (problems.size) return;
		const ref = record.reference ?? `TRF-${String(w.index + 1).padStart(4, '0')}`;
		Object.assign(record, {
			transaction_type: transactionTypeRef('BANK_TRANSFER'),
			deleted_at: null,
			reference: ref,
			from_bank_account: ctx.ref('bank_accounts', from),
			to_bank_account: ctx.ref('bank_accounts', to),
			date: formatDay(date),
			amount: amount(value),
		});
		Object.assign(w.draft, { from, to, date, amount: value, ref, kind: null });
	},
	label: (w, record) => record.reference,
	book(w, row, index) {
		const accounts = w.ctx.rows('bank_accounts');
		row.tx = book(w.ctx, {
			type: 'BANK_TRANSFER',
			day: row.date,
			created: w.now,
			source: ['bank_transfers', index],
			legs: [
				[accounts[row.to].account, row.amount, 0],
				[accounts[row.from].account, 0, row.amount],
			],
		});
	},
};

const bankDeposits = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const { from, to } = twoAccounts(w);
		if (from !== undefined && ctx.rows('bank_accounts')[from].type !== 'CASH_IN_HAND') {
			problems.add(
				'from_bank_account_id',
				'from_bank_account_id must be a cash in hand account: deposits pay cash into the bank',
			);
		}
		const cash = cents(input.cash_amount);
		const cheque = cents(input.cheque_amount ?? 0);
		if (cash < 0 || cheque < 0 || cash + cheque <= 0)
			problems.add('cash_amount', 'cash_amount and cheque_amount must not be negative, and not both 0');
		if (
			input.total_amount !== undefined &&
			input.total_amount !== null &&
			cents(input.total_amount) !== cash + cheque
		) {
			problems.add('total_amount', 'total_amount must be cash_amount + cheque_amount');
		}
		const date = dayOr(input.date, undefined);
		if (problems.size) return;
		Object.assign(record, {
			transaction_type: transactionTypeRef('BANK_DEPOSIT'),
			deleted_at: null,
			from_bank_account: ctx.ref('bank_accounts', from),
			to_bank_account: ctx.ref('bank_accounts', to),
			date: formatDay(date),
			cash_amount: amount(cash),
			cheque_amount: amount(cheque),
			total_amount: amount(cash + cheque),
		});
		Object.assign(w.draft, { from, to, date, cash, cheque, ref: record.reference });
	},
	label: (w, record) => record.reference,
	book(w, row, index) {
		const accounts = w.ctx.rows('bank_accounts');
		const total = row.cash + row.cheque;
		row.tx = book(w.ctx, {
			type: 'BANK_DEPOSIT',
			day: row.date,
			created: w.now,
			source: ['bank_deposits', index],
			legs: [
				[accounts[row.to].account, total, 0],
				[accounts[row.from].account, 0, total],
			],
		});
	},
};

/** A debit or a credit, not both: an opening balance is on one side. */
function oneSide(w, old) {
	const debit = w.input.debit !== undefined ? cents(w.input.debit) : (old?.debit ?? 0);
	const credit = w.input.credit !== undefined ? cents(w.input.credit) : (old?.credit ?? 0);
	if (debit < 0 || credit < 0 || debit > 0 === credit > 0)
		w.problems.add('debit', 'exactly one of debit and credit must be more than 0');
	return { debit, credit };
}

/** No second live opening balance for the same account. */
function unique(w, name, field, index, what) {
	const taken = w.ctx.rows(name).some((row, i) => row.deleted === null && row[field] === index && i !== w.rowIndex);
	if (taken) w.problems.add(what, `${what} already has an opening balance; change that one instead`);
}

const bankOpeningBalances = {
	build(w, record) {
		const { ctx, input } = w;
		const old = w.row;
		const bank = w.ref('bank_account_id')?.index ?? old?.bank;
		unique(w, 'bank_opening_balances', 'bank', bank, 'bank_account_id');
		if (input.transaction_type_id && input.transaction_type_id !== 'BANK_OPENING_BALANCE')
			w.problems.add('transaction_type_id', 'transaction_type_id must be BANK_OPENING_BALANCE');
		const { debit, credit } = oneSide(w, old);
		const date = dayOr(input.date, old?.date);
		if (w.problems.size) return;
		Object.assign(record, {
			transaction_type: transactionTypeRef('BANK_OPENING_BALANCE'),
			bank_account: ctx.ref('bank_accounts', bank),
			date: formatDay(date),
			debit: amount(debit),
			credit: amount(credit),
		});
		Object.assign(w.draft, { bank, debit, credit, date });
	},
	label: (w) => `Opening balance: ${w.ctx.displayedAs('bank_accounts', w.draft.bank)}`,
	book(w, row, index) {
		const account = w.ctx.rows('bank_accounts')[row.bank].account;
		const retained = w.ctx.chart.byRole('retained');
		row.tx = book(w.ctx, {
			type: 'BANK_OPENING_BALANCE',
			day: row.date,
			created: w.now,
			source: ['bank_opening_balances', index],
			legs: [
				[account, row.debit, row.credit],
				[retained, row.credit, row.debit],
			],
		});
	},
};

const ledgerAccountOpeningBalances = {
	build(w, record) {
		const { ctx } = w;
		const old = w.row;
		const account = w.ref('ledger_account_id')?.index ?? old?.account;
		unique(w, 'ledger_account_opening_balances', 'account', account, 'ledger_account_id');
		if (account !== undefined && ctx.rows('ledger_accounts')[account].type === 'BANK') {
			w.problems.add('ledger_account_id', "ledger_account_id is a bank account's: use /bank_opening_balances");
		}
		const { debit, credit } = oneSide(w, old);
		if (w.problems.size) return;
		Object.assign(record, {
			ledger_account: ctx.ref('ledger_accounts', account),
			debit: amount(debit),
			credit: amount(credit),
		});
		if (!record.details) record.details = 'Opening balance';
		Object.assign(w.draft, { account, debit, credit, date: old?.date });
	},
	label: (w) => w.ctx.displayedAs('ledger_accounts', w.draft.account),
	/**
	 * The seeded balances share one opening journal: changing or deleting one of them books its
	 * reversal rather than unbooking the journal the others are in.
	 */
	revert(w, row, index) {
		if (row.minted || row.tx < 0) return;
		const shared = w.ctx
			.rows('ledger_account_opening_balances')
			.some((other, i) => i !== index && other.tx === row.tx && other.deleted === null);
		if (!shared) return;
		const retained = w.ctx.chart.byRole('retained');
		book(w.ctx, {
			type: 'JOURNAL',
			day: w.ctx.biz.transactions[row.tx].day,
			created: w.now,
			source: ['ledger_account_opening_balances', index],
			label: `Reversal: ${w.ctx.displayedAs('ledger_account_opening_balances', index)}`,
			legs: [
				[row.account, row.credit, row.debit],
				[retained, row.debit, row.credit],
			],
		});
		row.tx = -1;
	},
	book(w, row, index) {
		const retained = w.ctx.chart.byRole('retained');
		const { SEED_START } = require('../../../data/time');
		row.tx = book(w.ctx, {
			type: 'JOURNAL',
			day: Math.floor(SEED_START / 86_400_000) - 1,
			created: w.now,
			source: ['ledger_account_opening_balances', index],
			label: `Opening balance: ${row.label}`,
			legs: [
				[row.account, row.debit, row.credit],
				[retained, row.credit, row.debit],
			],
		});
	},
};

const OTHER_TYPES = ['OTHER_PAYMENT', 'OTHER_RECEIPT'];

const otherPayments = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const type = input.transaction_type_id ?? old?.type;
		if (!OTHER_TYPES.includes(type))
			problems.add('transaction_type_id', `transaction_type_id must be ${OTHER_TYPES.join(' or ')}`);
		const bank = w.ref('bank_account_id')?.index ?? old?.bank;
		if (bank === undefined)
			problems.add('bank_account_id', 'bank_account_id is required: the money moves through a bank account');
		const contact = input.contact_id === null ? -1 : (w.ref('contact_id')?.index ?? old?.contact ?? -1);
		const date = dayOr(input.date, old?.date);
		let lines;
		if (input.payment_lines) {
			lines = input.payment_lines.map((line, k) => {
				const source = `payment_lines.${k}`;
				const total = cents(line.total_amount);
				const tax = cents(line.tax_amount);
				const net = line.net_amount !== undefined && line.net_amount !== null ? cents(line.net_amount) : total - tax;
				if (net + tax !== total)
					problems.add(`${source}.total_amount`, `${source}.total_amount must be net_amount + tax_amount`);
				return { account: w.ref(`${source}.ledger_account_id`)?.index ?? -1, net, tax, total, input: line, source };
			});
		} else {
			lines = (record.payment_lines ?? []).map((l) => ({
				account: ctx.find('ledger_accounts', l.ledger_account.id),
				net: cents(l.net_amount),
				tax: cents(l.tax_amount),
				total: cents(l.total_amount),
				record: l,
			}));
		}
		if (!lines.length) problems.add('payment_lines', 'payment_lines must have at least one line');
		const total = lines.reduce((s, l) => s + l.total, 0);
		const wanted = input.total_amount !== undefined ? cents(input.total_amount) : total;
		if (wanted !== total)
			problems.add('total_amount', `total_amount ${amount(wanted)} must equal the lines' total ${amount(total)}`);
		if (total <= 0) problems.add('total_amount', 'total_amount must be more than 0');
		if (problems.size) return;
		const net = lines.reduce((s, l) => s + l.net, 0);
		const tax = lines.reduce((s, l) => s + l.tax, 0);
		Object.assign(record, {
			transaction_type: transactionTypeRef(type),
			deleted_at: null,
			bank_account: ctx.ref('bank_accounts', bank),
			contact: contact >= 0 ? ctx.ref('contacts', contact) : null,
			date: formatDay(date),
			net_amount: amount(net),
			tax_amount: amount(tax),
			total_amount: amount(total),
			payment_lines: lines.map(
				(l, k) =>
					l.record ?? {
						id: ctx.subId('other_payments', w.index, k + 1),
						displayed_as: l.input.details ?? '',
						ledger_account: ctx.ref('ledger_accounts', l.account),
						details: l.input.details ?? null,
						tax_rate: w.refOf(`payment_lines.${k}.tax_rate_id`) ?? null,
						net_amount: amount(l.net),
						tax_amount: amount(l.tax),
						total_amount: amount(l.total),
						is_purchase_for_resale: l.input.is_purchase_for_resale ?? false,
						trade_of_asset: l.input.trade_of_asset ?? false,
					},
			),
			editable: true,
			deletable: true,
		});
		if (!record.payment_method) record.payment_method = ctx.refCode('payment_methods', 'BANK_TRANSFER');
		for (const key of ['withholding_tax_rate', 'withholding_tax_amount']) if (record[key] === null) record[key] = 0;
		Object.assign(w.draft, {
			type,
			bank,
			contact,
			date,
			net,
			tax,
			ref: record.reference ?? null,
			details: lines[0].input?.details ?? lines[0].record?.details ?? null,
			attachments: old?.attachments ?? 0,
			postLines: lines.map((l) => ({ account: l.account, net: l.net, tax: l.tax })),
		});
	},
	label: (w, record) => record.reference ?? w.draft.details ?? `${w.draft.type} ${record.date}`,
	book(w, row, index) {
		const { ctx } = w;
		const bank = ctx.rows('bank_accounts')[row.bank].account;
		const lines = row.postLines ?? [{ account: ctx.chart.byRole(row.role), net: row.net, tax: row.tax }];
		const total = lines.reduce((s, l) => s + l.net + l.tax, 0);
		const tax = lines.reduce((s, l) => s + l.tax, 0);
		const receipt = row.type === 'OTHER_RECEIPT';
		const legs = receipt
			? [[bank, total, 0], ...lines.map((l) => [l.account, 0, l.net]), [ctx.chart.byRole('vat_out'), 0, tax]]
			: [...lines.map((l) => [l.account, l.net, 0]), [ctx.chart.byRole('vat_in'), tax, 0], [bank, 0, total]];
		row.tx = book(ctx, {
			type: row.type,
			day: row.date,
			created: w.now,
			contact: row.contact,
			source: ['other_payments', index],
			legs: legs.map(([a, d, c]) => (d < 0 || c < 0 ? [a, Math.max(0, -c), Math.max(0, -d)] : [a, d, c])),
		});
	},
};

/** Visible scopes from the `visible_in_*` flags. */
const scopesOf = (record) => Object.values(SCOPES).filter((scope) => record[`visible_in_${scope}`] === true);

const ledgerAccounts = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const nominal = input.nominal_code ?? old?.nominal;
		if (input.nominal_code !== undefined) {
			const taken = ctx
				.rows('ledger_accounts')
				.some((row, i) => row.deleted === null && i !== w.rowIndex && String(row.nominal) === String(nominal));
			if (taken) problems.add('nominal_code', `nominal_code ${nominal} is already used by another ledger account`);
		}
		if (old?.control && (input.ledger_account_type_id || input.nominal_code !== undefined)) {
			problems.add(
				input.nominal_code !== undefined ? 'nominal_code' : 'ledger_account_type_id',
				"a control account's type and nominal code cannot change",
			);
		}
		const type = input.ledger_account_type_id ?? old?.type;
		if (problems.size) return;
		for (const scope of Object.values(SCOPES))
			if (record[`visible_in_${scope}`] === null) record[`visible_in_${scope}`] = false;
		const group = GROUPS[type];
		Object.assign(record, {
			ledger_account_group: { id: group, displayed_as: group[0] + group.slice(1).toLowerCase() },
			ledger_account_type: ctx.refCode('ledger_account_types', type),
			nominal_code: nominal,
			display_name: record.display_name ?? record.name,
			visible_scopes: scopesOf(record),
			display_formatted: `${nominal} - ${record.name}`,
			is_control_account: Boolean(old?.control),
			control_name: old?.control ?? null,
		});
		for (const key of ['fixed_tax_rate', 'tax_recoverable', 'cis_materials', 'cis_labour'])
			if (record[key] === null) record[key] = false;
		Object.assign(w.draft, {
			nominal,
			name: record.name,
			type,
			role: old?.role ?? null,
			control: old?.control ?? null,
			scopes: scopesOf(record),
		});
	},
	label: (w, record) => `${record.name} (${record.nominal_code})`,
	deletable(w) {
		const used = w.ctx.rows('ledger_entries').some((p) => p.deleted === null && p.account === w.rowIndex);
		if (used) return 'it has postings';
		if (w.row.control) return 'it is a control account';
		if (w.ctx.rows('bank_accounts').some((b) => b.deleted === null && b.account === w.rowIndex))
			return 'a bank account uses it';
		return null;
	},
};

const BANK_NOMINAL_START = { gb: 1220, es: 572100000, fr: 51210000 };

const bankAccounts = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		let account = w.ref('ledger_account_id')?.index ?? old?.account;
		if (input.ledger_account_id && account !== undefined) {
			if (ctx.rows('ledger_accounts')[account].type !== 'BANK')
				problems.add('ledger_account_id', 'ledger_account_id must be a ledger account of type BANK');
			if (ctx.rows('bank_accounts').some((b, i) => b.deleted === null && i !== w.rowIndex && b.account === account))
				problems.add('ledger_account_id', 'ledger_account_id is used by another bank account');
		}
		const accounts = ctx.rows('ledger_accounts');
		let nominal = input.nominal_code ?? (account !== undefined ? accounts[account].nominal : undefined);
		if (account === undefined) {
			if (nominal === undefined) {
				nominal = BANK_NOMINAL_START[ctx.biz.country] ?? 1220;
				while (accounts.some((a) => a.deleted === null && String(a.nominal) === String(nominal))) nominal += 1;
			} else if (accounts.some((a) => a.deleted === null && String(a.nominal) === String(nominal))) {
				problems.add('nominal_code', `nominal_code ${nominal} is already used by a ledger account`);
			}
		}
		const type = input.bank_account_type_id ?? old?.type;
		if (!old && !record.bank_account_details?.account_name)
			problems.add(
				'bank_account_details.account_name',
				'bank_account_details.account_name is required: a bank account needs a name',
			);
		if (input.currency_id && input.currency_id !== ctx.biz.currency)
			problems.add(
				'currency_id',
				`currency_id must be ${ctx.biz.currency}: multi-currency is not enabled for this business`,
			);
		if (problems.size) return;
		const name = record.bank_account_details?.account_name ?? old?.name;
		Object.assign(record, {
			bank_account_type: ctx.refCode('bank_account_types', type),
			nominal_code: Number(nominal),
			currency: ctx.refCode('currencies', ctx.biz.currency),
			editable: true,
			deletable: true,
			is_active: input.is_active ?? record.is_active ?? true,
		});
		if (!record.default_payment_method) record.default_payment_method = ctx.refCode('payment_methods', 'BANK_TRANSFER');
		Object.assign(w.draft, {
			name,
			type,
			account,
			nominal,
			role: old?.role ?? null,
			number: record.bank_account_details?.account_number ?? null,
			sort: record.bank_account_details?.sort_code ?? null,
		});
	},
	label: (w, record) => record.bank_account_details?.account_name ?? w.draft.name,
	/** A new bank account gets a ledger account of its own (type BANK), unless it names one. */
	beforeCommit(w, row, record) {
		if (row.account !== undefined) {
			record.ledger_account = w.ctx.ref('ledger_accounts', row.account);
			return;
		}
		const { ctx } = w;
		const nominal = Number(row.nominal);
		const accountRow = {
			minted: true,
			created: w.now,
			updated: w.now,
			deleted: null,
			nominal,
			name: row.name,
			type: 'BANK',
			role: null,
			control: null,
			scopes: ['banking', 'reporting'],
			label: `${row.name} (${nominal})`,
		};
		const base = w.templateOf('ledger_accounts');
		accountRow.stored = {
			...base,
			name: row.name,
			display_name: row.name,
			nominal_code: nominal,
			included_in_chart: true,
			ledger_account_group: { id: 'ASSETS', displayed_as: 'Assets' },
			ledger_account_type: ctx.refCode('ledger_account_types', 'BANK'),
			ledger_account_classification: null,
			tax_rate: null,
			fixed_tax_rate: false,
			visible_scopes: accountRow.scopes,
			visible_in_banking: true,
			visible_in_expenses: false,
			visible_in_journals: false,
			visible_in_other_payments: false,
			visible_in_other_receipts: false,
			visible_in_reporting: true,
			visible_in_sales: false,
			is_control_account: false,
			control_name: null,
			display_formatted: `${nominal} - ${row.name}`,
		};
		row.account = ctx.append('ledger_accounts', accountRow);
		record.ledger_account = ctx.ref('ledger_accounts', row.account);
	},
	deletable: (w) => (w.ctx.accountBalance(w.row.account) !== 0 ? 'its balance is not zero' : null),
};

const RECONCILIATION_STATUSES = { RECONCILED: 'Reconciled', DRAFT: 'Draft' };

const bankReconciliations = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const bank = w.ref('bank_account_id')?.index ?? old?.bank;
		const status = input.status_id ?? old?.status ?? 'DRAFT';
		if (!RECONCILIATION_STATUSES[status]) problems.add('status_id', 'status_id must be RECONCILED or DRAFT');
		const day = dayOr(input.statement_date, old?.day ?? Math.floor(w.now / 86_400_000));
		if (problems.size) return;
		const money = (key) => cents(record[key] ?? 0);
		const closing = money('closing_balance');
		const reconciled = money('reconciled_balance');
		Object.assign(record, {
			bank_account: ctx.ref('bank_accounts', bank),
			statement_date: formatDay(day),
			statement_end_balance: amount(money('statement_end_balance')),
			total_received: amount(money('total_received')),
			total_paid: amount(money('total_paid')),
			starting_balance: amount(money('starting_balance')),
			closing_balance: amount(closing),
			reconciled_balance: amount(reconciled),
			balance_difference: amount(closing - reconciled),
			status: { id: status, displayed_as: RECONCILIATION_STATUSES[status] },
		});
		Object.assign(w.draft, { bank, day, status, closing, reconciled });
	},
	label: (w, record) => `${w.ctx.displayedAs('bank_accounts', w.draft.bank)} — ${record.statement_date}`,
};

module.exports = {
	journals: journalKind(true),
	openingBalanceJournals: journalKind(false),
	bankTransfers,
	bankDeposits,
	bankOpeningBalances,
	ledgerAccountOpeningBalances,
	otherPayments,
	ledgerAccounts,
	bankAccounts,
	bankReconciliations,
};
