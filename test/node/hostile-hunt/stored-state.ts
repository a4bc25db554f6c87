// The review brief: state that does not make sense — a stored position in the future, a foreign
// shape — is refused with a clear error, not silently followed. The workflow's static data is
// whatever an import or a hand edit made it.
import * as fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { invoiceBooks, invoiceEventPoller } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();

const NODE_KEY = 'node:Accounting Service Trigger';
const REFUSED = /stored position/i;
const DAY = '2026-01-15';

const positionOf = (staticData: IDataObject) => (staticData[NODE_KEY] as IDataObject).position as IDataObject;

function withPosition(stored: string, edit: (position: IDataObject) => void): string {
	const staticData = JSON.parse(stored) as IDataObject;
	edit(positionOf(staticData));
	return JSON.stringify(staticData);
}

describe('Invoice Paid: a memory stamped at a time the service has not reached', () => {
	/** An owing invoice, seen by a poll; returns the static data after it, and what pays it. */
	async function owingInvoiceSeen() {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const poller = invoiceEventPoller(env, { event: 'paid' });
		expect((await poller.activate()).error).toBeUndefined();
		env.clock.advance(60);
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 120);
		expect((await poller.poll()).error).toBeUndefined();
		return { stored: poller.storedStaticData, invoice, pay: async () => await books.pay(contact, invoice, 120, DAY) };
	}

	it('(the same invoice, the memory as the trigger wrote it: paid, it is output)', async () => {
		const { stored, invoice, pay } = await owingInvoiceSeen();
		env.clock.advance(60);
		await pay();
		const outcome = await invoiceEventPoller(env, { event: 'paid' }, { staticData: stored }).poll();
		expect(outcome.error).toBeUndefined();
		expect(outcome.json.map((row) => row.id)).toEqual([invoice]);
	});

	it('is refused, or the invoice paid is output: it is never silently held back for ever', async () => {
		const { stored, invoice, pay } = await owingInvoiceSeen();
		// An import stamps the memory in the year 9999 (nothing created since would count); then it is paid.
		const forged = withPosition(stored, (position) => {
			position.paid = { ...(position.paid as IDataObject), at: '9999-12-31T00:00:00.000Z' };
		});
		env.clock.advance(60);
		await pay();
		const outcome = await invoiceEventPoller(env, { event: 'paid' }, { staticData: forged }).poll();

		const refused = REFUSED.test(outcome.error?.message ?? '');
		const output = outcome.json.map((row) => row.id).includes(invoice);
		expect({ refused, output }).not.toEqual({ refused: false, output: false });
	});
});

/** Names every object has through its prototype: a check asking `key in …` takes them for its own fields. */
const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__proto__'];

describe('a field the trigger never writes, named as an object’s built-in', () => {
	it('is refused at every level of the position, like any other foreign field', async () => {
		const parameters: INodeParameters = { event: 'becameOverdue' };
		const poller = invoiceEventPoller(env, parameters);
		expect((await poller.activate()).error).toBeUndefined();
		const stored = poller.storedStaticData;
		expect(positionOf(JSON.parse(stored) as IDataObject)).toHaveProperty('overdue');

		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...PROTOTYPE_NAMES),
				fc.constantFrom('position', 'overdue'),
				fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
				async (name, where, value) => {
					// Written as JSON text, as a database or an import hands it over: `__proto__` is then a field.
					const forged = withPosition(stored, (position) => {
						const target = where === 'position' ? position : (position.overdue as IDataObject);
						Object.defineProperty(target, name, { value, enumerable: true, configurable: true, writable: true });
					});
					expect(forged).toContain(`"${name}"`);
					env.clock.advance(60);
					const outcome = await invoiceEventPoller(env, parameters, { staticData: forged }).poll();
					expect(outcome.error?.message).toMatch(REFUSED);
					expect(outcome.error?.message).toContain(name);
				},
			),
			{ numRuns: 12 },
		);
	});
});
