import type { IDataObject } from 'n8n-workflow';

import { judgeDay } from '../../nodes/AccountingServiceTrigger/poll/invoiceEvents';

// The day's judgement reads one list per owing status; an invoice whose status changes between
// two of those reads (part-paid after UNPAID's list, before PART_PAID's) is in both. Became
// Overdue comes once per invoice, whatever the lists hold.
describe('Became Overdue: the day’s judgement', () => {
	const invoice = (status: string, outstanding: string): IDataObject => ({
		id: 'inv-1',
		due_date: '2026-01-15',
		created_at: '2026-01-10T09:00:00Z',
		status: { id: status },
		outstanding_amount: outstanding,
	});
	const yesterday = { day: '2026-01-15', at: Date.parse('2026-01-15T09:00:00Z'), owing: new Map<string, string>() };

	it('an invoice in two owing lists is one event, and one invoice in the memory', () => {
		const judged = judgeDay(
			yesterday,
			[invoice('UNPAID', '90.00'), invoice('PART_PAID', '40.00')],
			'2026-01-16',
			Date.parse('2026-01-16T00:00:30Z'),
		);
		expect(judged.events).toHaveLength(1);
		expect([...judged.memory.owing.keys()]).toEqual(['inv-1']);
	});
});
