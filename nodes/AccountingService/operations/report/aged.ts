import { acrossBusinesses } from '../../actions/acrossBusinesses';
import { ageItems } from '../../reports/aging';
import { resourceOperation } from '../define';
import { AGE_BY, LEDGERS, readAgedItems, type AgeBy } from './agedReads';
import { readBooks, todayOf } from './books';
import { readControlAccount } from './controlAccount';
import { readAsAt } from './days';
import { agedRows, agedSummary, reportItems, reportOutputOf } from './items';
import {
	ageByProperty,
	asAtProperties,
	controlAccountProperty,
	paymentsOnAccountProperty,
	reportOutputProperty,
} from './properties';

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
			ageByProperty,
			paymentsOnAccountProperty(side === 'debtors' ? 'customers' : 'suppliers'),
			controlAccountProperty(side),
			reportOutputProperty,
		],
		async execute(parameters) {
			const days = readAsAt(parameters);
			const output = reportOutputOf(parameters);
			const includePayments = parameters.flag('includePaymentsOnAccount', 'Include Payments on Account', true);
			const ageBy = parameters.choice<AgeBy>('Age By', parameters.string('ageBy', 'Age By', 'dueDate'), AGE_BY);
			const nominalCode = parameters.string('controlAccount', 'Control Account', '').trim() || undefined;
			// Read once, as the item begins: a run across midnight gives every business the same day.
			const today = todayOf(this);
			return await acrossBusinesses.call(this, parameters, async (business) => {
				const books = await readBooks.call(this, parameters, business);
				const asAt = days.settle(books, today);
				const control = async () => await readControlAccount.call(this, parameters, business, side, asAt, nominalCode);
				const items = async () =>
					await readAgedItems.call(this, parameters, business, {
						ledger: LEDGERS[side],
						asAt,
						today,
						ageBy,
						includePaymentsOnAccount: includePayments,
					});
				// A Control Account naming no ledger account is refused before the report's lists are read.
				const chosen = nominalCode === undefined ? undefined : await control();
				const [account, openItems] = await Promise.all([chosen ?? control(), items()]);
				const report = ageItems(openItems, asAt);
				return reportItems(this, output, agedSummary(report, asAt, books.currency, account), agedRows(report, asAt));
			});
		},
	});

export const agedDebtors = agedReport('debtors');
export const agedCreditors = agedReport('creditors');
