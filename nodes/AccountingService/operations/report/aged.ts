import { acrossBusinesses } from '../../actions/acrossBusinesses';
import { resourceOperation } from '../define';
import { agedDocumentRows } from './agedDocuments';
import { readAgedReport } from './agedRead';
import { AGE_BY, type AgeBy } from './agedReads';
import { readAgingPeriods } from './agingParameters';
import { todayOf } from './books';
import { readControlAccount, type ControlAccount } from './controlAccount';
import { readAsAt } from './days';
import { agedRows, agedSummary, reportItems, reportOutputOf } from './items';
import {
	ageByProperty,
	agedOutputProperty,
	agingPeriodsProperties,
	asAtProperties,
	controlAccountProperty,
	paymentsOnAccountProperty,
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
			...agingPeriodsProperties,
			paymentsOnAccountProperty(side === 'debtors' ? 'customers' : 'suppliers'),
			controlAccountProperty(side),
			agedOutputProperty,
		],
		async execute(parameters) {
			const days = readAsAt(parameters);
			const output = reportOutputOf(parameters, ['rows', 'summary', 'documents']);
			const includePayments = parameters.flag('includePaymentsOnAccount', 'Include Payments on Account', true);
			const ageBy = parameters.choice<AgeBy>('Age By', parameters.string('ageBy', 'Age By', 'dueDate'), AGE_BY);
			const periods = readAgingPeriods(parameters);
			const nominalCode = parameters.string('controlAccount', 'Control Account', '').trim() || undefined;
			// Read once, as the item begins: a run across midnight gives every business the same day.
			const today = todayOf(this);
			const ask = {
				side,
				days,
				today,
				ageBy,
				includePaymentsOnAccount: includePayments,
				periods,
				details: output === 'documents',
				contacts: output !== 'summary',
			};
			return await acrossBusinesses.call(this, parameters, async (business) => {
				const control = async (day: string): Promise<ControlAccount | undefined> =>
					output === 'documents'
						? undefined
						: await readControlAccount.call(this, parameters, business, side, day, nominalCode);
				// A Control Account naming no ledger account is refused before the report's lists are read.
				const {
					asAt,
					books,
					report,
					contacts,
					control: account,
				} = await readAgedReport.call(
					this,
					parameters,
					business,
					{ ...ask, besideFirst: nominalCode !== undefined },
					control,
				);
				if (output === 'documents') return agedDocumentRows(report, asAt, contacts).map((json) => ({ json }));
				return reportItems(
					this,
					output,
					agedSummary(report, asAt, books.currency, account),
					agedRows(report, asAt, contacts),
				);
			});
		},
	});

export const agedDebtors = agedReport('debtors');
export const agedCreditors = agedReport('creditors');
