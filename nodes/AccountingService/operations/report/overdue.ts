import type { IDataObject } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import { fromCents } from '../../reports/money';
import { runsAsTool } from '../../tool/mode';
import { resourceOperation } from '../define';
import { readAgedReport } from './agedRead';
import { readAgingPeriods } from './agingParameters';
import { todayOf } from './books';
import { readAsAt } from './days';
import { overdueContacts, overdueItem } from './overdueContacts';
import { agingPeriodsProperties, asAtProperties } from './properties';

const SIDES = { customers: 'debtors', suppliers: 'creditors' } as const;
type Contacts = keyof typeof SIDES;

/**
 * Report → Overdue Invoices: whom to chase, for what, as at a day: one item per customer (or
 * supplier) with overdue documents, the most overdue first. As an AI tool, a summary first, then
 * the contacts, each with as many of its documents as fit a share of the answer.
 */
export const overdueInvoices = resourceOperation({
	resource: 'report',
	value: 'overdueInvoices',
	acrossBusinesses: true,
	option: {
		name: 'Overdue Invoices',
		description:
			'Whom to chase, for what: each customer with overdue invoices as at a date, the most overdue first, with its e-mail and its overdue documents',
		action: 'Overdue invoices by customer, largest first: whom to chase, for what',
	},
	properties: [
		{
			displayName: 'Contacts',
			name: 'contacts',
			type: 'options',
			options: [
				{ name: 'Customers', value: 'customers', description: 'What customers owe the business past its due date' },
				{ name: 'Suppliers', value: 'suppliers', description: 'What the business owes suppliers past its due date' },
			],
			default: 'customers',
		},
		...asAtProperties,
		...agingPeriodsProperties,
	],
	async execute(parameters) {
		const side =
			SIDES[
				parameters.choice<Contacts>('Contacts', parameters.string('contacts', 'Contacts', 'customers'), [
					'customers',
					'suppliers',
				])
			];
		const days = readAsAt(parameters);
		const periods = readAgingPeriods(parameters);
		const asTool = runsAsTool(this);
		const answerCharacters = asTool ? parameters.answerCharacters() : undefined;
		const today = todayOf(this);
		return await acrossBusinesses.call(this, parameters, async (business) => {
			const { asAt, books, report, contacts } = await readAgedReport.call(
				this,
				parameters,
				business,
				{
					side,
					days,
					today,
					ageBy: 'dueDate',
					includePaymentsOnAccount: true,
					periods,
					details: true,
					contacts: true,
				},
				async () => undefined,
			);
			const overdue = overdueContacts(report, asAt);
			const shape = {
				columns: report.columns,
				currency: books.currency,
				// A quarter of the answer each: the largest contacts keep their oldest documents, and several fit.
				documentCharacters: answerCharacters === undefined ? undefined : Math.floor(answerCharacters / 4),
			};
			const items: IDataObject[] = overdue.map((contact) => overdueItem(contact, contacts, asAt, shape));
			if (asTool) {
				items.unshift({
					as_at: asAt,
					currency: books.currency,
					contacts_overdue: overdue.length,
					documents_overdue: overdue.reduce((sum, contact) => sum + contact.documents.length, 0),
					total_overdue: fromCents(overdue.reduce((sum, contact) => sum + contact.overdue, 0)),
				});
			}
			return items.map((json) => ({ json }));
		});
	},
});
