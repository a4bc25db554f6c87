import { acrossBusinesses } from '../../actions/acrossBusinesses';
import { ageItems } from '../../reports/aging';
import { resourceOperation } from '../define';
import { LEDGERS, readOpenItems } from './agedReads';
import { readBooks, todayOf } from './books';
import { readAsAt } from './days';
import { agedRows, agedSummary, reportItems, reportOutputOf } from './items';
import { asAtProperties, paymentsOnAccountProperty, reportOutputProperty } from './properties';

const agedReport = (side: 'debtors' | 'creditors') =>
	resourceOperation({
		resource: 'report',
		value: side === 'debtors' ? 'agedDebtors' : 'agedCreditors',
		acrossBusinesses: true,
		option:
			side === 'debtors'
				? {
						name: 'Aged Debtors',
						description:
							'Aged debtors of the business as at a date: what each customer owes, by how long it is past due (current, 1–30, 31–60, 61–90, over 90 days)',
						action: 'Aged debtors as at a date: what each customer owes, how overdue',
					}
				: {
						name: 'Aged Creditors',
						description:
							'Aged creditors of the business as at a date: what the business owes each supplier, by how long it is past due (current, 1–30, 31–60, 61–90, over 90 days)',
						action: 'Aged creditors as at a date: what we owe each supplier, how overdue',
					},
		properties: [
			...asAtProperties,
			paymentsOnAccountProperty(side === 'debtors' ? 'customers' : 'suppliers'),
			reportOutputProperty,
		],
		async execute(parameters) {
			const days = readAsAt(parameters);
			const output = reportOutputOf(parameters);
			const includePayments = parameters.flag('includePaymentsOnAccount', 'Include Payments on Account', true);
			return await acrossBusinesses.call(this, parameters, async (business) => {
				const books = await readBooks.call(this, parameters, business);
				const asAt = days.settle(books, todayOf(this));
				const items = await readOpenItems.call(this, parameters, business, LEDGERS[side], asAt, includePayments);
				const report = ageItems(items, asAt);
				return reportItems(this, output, agedSummary(report, asAt, books.currency), agedRows(report, asAt));
			});
		},
	});

export const agedDebtors = agedReport('debtors');
export const agedCreditors = agedReport('creditors');
