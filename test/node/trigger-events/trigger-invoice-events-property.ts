// The property: random invoices (some created already past due), payments in part and in full,
// payments deleted, due dates moved, invoices voided, time passing by minutes, hours and days,
// and n8n restarting between polls. After every poll, Invoice Paid has output exactly the
// invoices the service now holds paid in full that it did not at the poll before, and Invoice
// Became Overdue exactly those now owing past their due date (on the business's day) that were
// not at the poll before, each once and with its days overdue: judged here from the service's own
// records, not with the trigger's rules.
import * as fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import type { Poller } from '../../harness';
import {
	dayInZone,
	invoiceBooks,
	invoiceEventPoller,
	paidInFull,
	passTime,
	pastDueOn,
	type HeldInvoice,
} from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();

type Step =
	| { kind: 'invoice'; daysBack: number; dueIn: number; amount: number }
	| { kind: 'pay'; which: number; full: boolean }
	| { kind: 'reverse'; which: number }
	| { kind: 'moveDue'; which: number; dueIn: number }
	| { kind: 'void'; which: number }
	| { kind: 'time'; seconds: number }
	| { kind: 'restart' };

const which = fc.nat({ max: 7 });
const step: fc.Arbitrary<Step> = fc.oneof(
	{
		arbitrary: fc.record({
			kind: fc.constant('invoice' as const),
			daysBack: fc.nat({ max: 20 }),
			dueIn: fc.nat({ max: 25 }),
			amount: fc.integer({ min: 10, max: 400 }),
		}),
		weight: 3,
	},
	{ arbitrary: fc.record({ kind: fc.constant('pay' as const), which, full: fc.boolean() }), weight: 3 },
	{ arbitrary: fc.record({ kind: fc.constant('reverse' as const), which }), weight: 2 },
	{ arbitrary: fc.record({ kind: fc.constant('moveDue' as const), which, dueIn: fc.nat({ max: 25 }) }), weight: 1 },
	{ arbitrary: fc.record({ kind: fc.constant('void' as const), which }), weight: 1 },
	{
		arbitrary: fc.record({ kind: fc.constant('time' as const), seconds: fc.constantFrom(60, 5 * 3600, 26 * 3600) }),
		weight: 3,
	},
	{ arbitrary: fc.constant({ kind: 'restart' as const }), weight: 1 },
);

const utcDay = () => new Date(env.clock.now()).toISOString().slice(0, 10);
const dayPlus = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Ours {
	id: string;
	date: string;
	amount: number;
	payments: Array<{ id: string; amount: number }>;
	voided: boolean;
}

describe('property: invoice events against the service’s records', () => {
	it('Paid and Became Overdue each come exactly when, and once, the rule says', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 4, maxLength: 10 }),
				fc.constantFrom('UTC', 'Pacific/Auckland', 'America/Los_Angeles'),
				async (steps, timezone) => {
					const books = invoiceBooks(env, 'sales');
					const contact = await books.contact();
					const ours: Ours[] = [];
					const pollers = (staticData?: { paid: string; overdue: string }) => ({
						paid: invoiceEventPoller(env, { event: 'paid' }, { timezone, staticData: staticData?.paid }),
						overdue: invoiceEventPoller(env, { event: 'becameOverdue' }, { timezone, staticData: staticData?.overdue }),
					});
					let running = pollers();
					await running.paid.activate();
					await running.overdue.activate();
					let before = { held: await books.held(), day: dayInZone(env.clock.now(), timezone) };

					const pollBoth = async (poller: { paid: Poller; overdue: Poller }) => {
						const paid = await poller.paid.poll();
						const overdue = await poller.overdue.poll();
						expect(paid.error).toBeUndefined();
						expect(overdue.error).toBeUndefined();
						const now = { held: await books.held(), day: dayInZone(env.clock.now(), timezone) };
						const all = [...now.held.values()];
						const wasPaid = (invoice: HeldInvoice) => paidInFull(before.held.get(invoice.id));
						expect(paid.json.map((row) => String(row.id)).sort()).toEqual(
							all
								.filter((invoice) => paidInFull(invoice) && !wasPaid(invoice))
								.map((invoice) => invoice.id)
								.sort(),
						);
						const expectedOverdue = all
							.filter((invoice) => pastDueOn(invoice, now.day) && !pastDueOn(before.held.get(invoice.id), before.day))
							.map((invoice) => [invoice.id, daysBetween(invoice.due, now.day)])
							.sort();
						expect(overdue.json.map((row: IDataObject) => [String(row.id), row.days_overdue]).sort()).toEqual(
							expectedOverdue,
						);
						before = now;
					};

					for (const each of steps) {
						const invoice = ours.length ? ours[('which' in each ? each.which : 0) % ours.length] : undefined;
						const owing = invoice ? invoice.amount - invoice.payments.reduce((sum, p) => sum + p.amount, 0) : 0;
						if (each.kind === 'invoice') {
							const date = dayPlus(utcDay(), -each.daysBack);
							const id = await books.invoice(contact, date, dayPlus(date, each.dueIn), each.amount);
							ours.push({ id, date, amount: each.amount, payments: [], voided: false });
						} else if (each.kind === 'pay' && invoice && !invoice.voided && owing > 0) {
							const amount = each.full || owing < 2 ? owing : Math.floor(owing / 2);
							invoice.payments.push({ id: await books.pay(contact, invoice.id, amount, utcDay()), amount });
						} else if (each.kind === 'reverse' && invoice?.payments.length) {
							await books.deletePayment(invoice.payments.pop()!.id);
						} else if (each.kind === 'moveDue' && invoice && !invoice.voided && !invoice.payments.length) {
							await books.moveDue(invoice.id, dayPlus(invoice.date, each.dueIn));
						} else if (each.kind === 'void' && invoice && !invoice.voided && !invoice.payments.length) {
							await books.voidInvoice(invoice.id);
							invoice.voided = true;
						} else if (each.kind === 'time') {
							await passTime(env, each.seconds);
						} else if (each.kind === 'restart') {
							running = pollers({ paid: running.paid.storedStaticData, overdue: running.overdue.storedStaticData });
						}
						await pollBoth(running);
					}
				},
			),
			{ numRuns: 6 },
		);
	});
});

/** Whole days from a due date to the day, counted on UTC midnights. */
const daysBetween = (due: string, day: string) =>
	(Date.parse(`${day}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000;
