import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import type { AgedReport, Buckets, OpenItem } from '../../reports/aging';
import { fromCents } from '../../reports/money';
import { runsAsTool } from '../../tool/mode';
import { overCreditLimit, type ContactDetails } from './agedContacts';

export type ReportOutput = 'rows' | 'summary';
export type AgedOutput = ReportOutput | 'documents';

const amounts = (buckets: Buckets, columns: readonly string[]): IDataObject =>
	Object.fromEntries([...columns, 'total'].map((key) => [key, fromCents(buckets[key] ?? 0)]));

/** What the report could not place, as text a person reads: null when it placed everything. */
export const namedOrNull = (names: string[]) => (names.length ? names.join('; ') : null);

export const unplacedItemLabel = (item: OpenItem) =>
	`${item.label}: ${item.contactId === null ? 'no contact' : 'no date to age from'}`;

/**
 * One row per contact, largest total first, with its credit limit and whether it owes more; then
 * the total row; items it could not place after.
 */
export function agedRows(
	report: AgedReport,
	asAt: string,
	contacts: ReadonlyMap<string, ContactDetails>,
): IDataObject[] {
	const row = (kind: string, contactId: string | null, contactName: string | null, buckets: Buckets) => {
		const details = kind === 'contact' ? contacts.get(contactId ?? '') : undefined;
		return {
			row_type: kind,
			contact_id: contactId,
			contact_name: details?.name ?? contactName,
			...amounts(buckets, report.columns),
			credit_limit: details?.creditLimit == null ? null : fromCents(details.creditLimit),
			over_credit_limit: kind === 'contact' ? overCreditLimit(buckets.total, details) : null,
			as_at: asAt,
		};
	};
	return [
		...report.contacts.map((contact) => row('contact', contact.contactId, contact.contactName, contact.buckets)),
		row('total', null, 'Total', report.totals),
		...report.unplaced.map((item) =>
			row('unplaced', item.contactId, unplacedItemLabel(item), {
				...Object.fromEntries(report.columns.map((column) => [column, 0])),
				total: item.amount,
			}),
		),
	];
}

/** The control account an aged report's total is checked against; both null when none was found. */
export interface AgedControl {
	label: string | null;
	balance: number | null;
}

export function agedSummary(
	report: AgedReport,
	asAt: string,
	currency: string | null,
	control?: AgedControl,
): IDataObject {
	return {
		as_at: asAt,
		currency,
		...amounts(report.totals, report.columns),
		contacts: report.contacts.length,
		unplaced_documents: namedOrNull(report.unplaced.map(unplacedItemLabel)),
		...(control && {
			control_account: control.label,
			control_account_balance: control.balance === null ? null : fromCents(control.balance),
			difference: control.balance === null ? null : fromCents(control.balance - report.totals.total),
		}),
	};
}

export function reportOutputOf(parameters: ParameterReader): ReportOutput;
export function reportOutputOf(parameters: ParameterReader, allowed: readonly AgedOutput[]): AgedOutput;
export function reportOutputOf(
	parameters: ParameterReader,
	allowed: readonly AgedOutput[] = ['rows', 'summary'],
): AgedOutput {
	return parameters.choice<AgedOutput>('Output', parameters.string('output', 'Output', 'rows'), allowed);
}

/**
 * The items of a report: its rows or its summary. An AI tool gets the summary first and then the
 * detail rows (accounts or contacts), so that a bounded answer keeps the figures and the largest rows.
 */
export function reportItems(
	context: IExecuteFunctions,
	output: ReportOutput,
	summary: IDataObject,
	rows: IDataObject[],
): INodeExecutionData[] {
	if (runsAsTool(context)) {
		const detail = rows.filter(
			(row) => row.row_type === 'account' || row.row_type === 'contact' || row.row_type === 'unplaced',
		);
		return [summary, ...detail].map((json) => ({ json }));
	}
	return (output === 'summary' ? [summary] : rows).map((json) => ({ json }));
}
