// The trigger's position comes from the workflow's static data, which an import or a hand edit
// may fill with anything. A position after the service's clock, or of a shape the trigger never
// writes, is refused with an error that says how to start over; it is never followed in silence.
import * as fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { T0, useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();

const NODE_KEY = 'node:Accounting Service Trigger';
const REFUSED = /stored position/i;
const RESET = /Start From/;
const DAY = 86_400_000;
/** How far after the service's clock a stored time may be (docs/trigger.md): five minutes. */
const FUTURE_SKEW_MS = 5 * 60_000;

const NEW_INVOICES: INodeParameters = { event: 'new' };
const INVOICE_PAID: INodeParameters = { event: 'paid' };
const BECAME_OVERDUE: INodeParameters = { event: 'becameOverdue' };
/** From a date a month back, changes and deletions: a stored backfill with a `then`. */
const FROM_A_DATE: INodeParameters = {
	event: 'anyChange',
	startFrom: 'date',
	startDate: new Date(T0 - 30 * DAY).toISOString(),
};

/** The workflow's static data after the trigger was activated with these parameters. */
async function activated(parameters: INodeParameters): Promise<IDataObject> {
	const poller = env.poller(parameters);
	const first = await poller.activate();
	expect(first.error).toBeUndefined();
	return JSON.parse(poller.storedStaticData) as IDataObject;
}

const positionIn = (staticData: IDataObject) => (staticData[NODE_KEY] as IDataObject).position as IDataObject;

/** `staticData` with its position replaced by what `edit` makes of a copy of it. */
function withPosition(staticData: IDataObject, edit: (position: IDataObject) => unknown): IDataObject {
	const copy = structuredClone(staticData);
	(copy[NODE_KEY] as IDataObject).position = edit(positionIn(copy)) as IDataObject;
	return copy;
}

/** A minute later an invoice is created; then a trigger holding `staticData` polls. */
async function pollAfterNewInvoice(parameters: INodeParameters, staticData: IDataObject) {
	env.clock.advance(60);
	const invoice = env.create();
	const poller = env.poller(parameters, JSON.stringify(staticData));
	const outcome = await poller.poll();
	return { outcome, invoice, poller };
}

const iso = (at: number) => new Date(at).toISOString();

describe('a position after the service’s clock', () => {
	it('since 9999-12-31: the new invoice is not silently lost; the poll is refused, saying how to start over', async () => {
		const stored = await activated(NEW_INVOICES);
		const forged = withPosition(stored, (position) => ({ ...position, since: '9999-12-31T00:00:00.000Z' }));

		const { outcome, poller } = await pollAfterNewInvoice(NEW_INVOICES, forged);

		expect(outcome.error?.message).toMatch(REFUSED);
		expect(outcome.error?.message).toMatch(/9999-12-31/);
		expect((outcome.error as { description?: string }).description).toMatch(RESET);
		expect(outcome.items).toEqual([]);
		expect(poller.nodeStaticData('live')).toEqual(forged[NODE_KEY]);
	});

	it('within the allowed skew (a service clock stepped back a little) the position is followed', async () => {
		const stored = await activated(NEW_INVOICES);
		env.clock.advance(60);
		const ahead = withPosition(stored, (position) => ({
			...position,
			since: iso(env.clock.now() + 60_000 + FUTURE_SKEW_MS - 1000),
		}));
		const { outcome } = await pollAfterNewInvoice(NEW_INVOICES, ahead);
		expect(outcome.error).toBeUndefined();
	});

	it('a Start Date in the future is the user’s choice, not a foreign position: followed', async () => {
		const parameters = { ...NEW_INVOICES, startFrom: 'date', startDate: iso(T0 + 7 * DAY) };
		const stored = await activated(parameters);
		expect(positionIn(stored).since).toBe(iso(T0 + 7 * DAY));
		const { outcome } = await pollAfterNewInvoice(parameters, stored);
		expect(outcome.error).toBeUndefined();
	});

	it('after the refusal, changing Start From starts over', async () => {
		const stored = await activated(NEW_INVOICES);
		const forged = withPosition(stored, (position) => ({ ...position, since: '9999-12-31T00:00:00.000Z' }));
		const date = { ...NEW_INVOICES, startFrom: 'date', startDate: iso(env.clock.now()) };
		const { outcome, invoice } = await pollAfterNewInvoice(date, forged);
		expect(outcome.error).toBeUndefined();
		expect(outcome.json.map((item) => item.id)).toContain(invoice.id);
	});
});

describe('a position of a foreign shape', () => {
	it.each<[string, INodeParameters, (position: IDataObject) => unknown]>([
		['an unknown version', NEW_INVOICES, (position) => ({ ...position, version: 3 })],
		['since as a number (a year 12345 to Date.parse)', NEW_INVOICES, (position) => ({ ...position, since: 12345 })],
		['seen as a list', NEW_INVOICES, (position) => ({ ...position, seen: ['2026-01-15T08:59:30.000Z'] })],
		['a seen time that is not a time', NEW_INVOICES, (position) => ({ ...position, seen: { a: 'soon' } })],
		[
			'versions of numbers',
			NEW_INVOICES,
			(position) => ({ ...position, seen: { a: position.since }, versions: { a: 7 } }),
		],
		['a business that is not an id', NEW_INVOICES, (position) => ({ ...position, business: { id: 'x' } })],
		['a field the trigger never writes', NEW_INVOICES, (position) => ({ ...position, cursor: 'abc' })],
		[
			'a backfill page below zero',
			FROM_A_DATE,
			(position) => ({ ...position, backfill: { ...(position.backfill as IDataObject), page: -1 } }),
		],
		[
			'a backfill from another start than Start Date',
			FROM_A_DATE,
			(position) => ({ ...position, backfill: { ...(position.backfill as IDataObject), from: null } }),
		],
		[
			'a following backfill of an unknown list',
			FROM_A_DATE,
			(position) => {
				const backfill = position.backfill as IDataObject;
				return {
					...position,
					backfill: { ...backfill, then: { ...(backfill.then as IDataObject), field: 'paid_at' } },
				};
			},
		],
		[
			'an overdue judgement on a day that does not exist',
			BECAME_OVERDUE,
			(position) => ({ ...position, overdue: { ...overdueOf(position), day: '2026-02-30' } }),
		],
		[
			'an overdue judgement on a day the service has not reached',
			BECAME_OVERDUE,
			(position) => ({ ...position, overdue: { ...overdueOf(position), day: '2099-01-01' } }),
		],
		[
			'an overdue invoice whose due date is a time',
			BECAME_OVERDUE,
			(position) => ({ ...position, overdue: { ...overdueOf(position), owing: { a: '2026-01-15T00:00:00.000Z' } } }),
		],
		[
			'an overdue judgement with a field it never writes',
			BECAME_OVERDUE,
			(position) => ({ ...position, overdue: { ...overdueOf(position), horizon: '2025-10-01' } }),
		],
		['a Paid memory kept by Invoice Became Overdue', BECAME_OVERDUE, (position) => ({ ...position, paid: {} })],
		[
			'an overdue judgement kept by New Record',
			NEW_INVOICES,
			(position) => ({ ...position, overdue: { day: '2026-01-15' } }),
		],
		['a Paid memory of times', INVOICE_PAID, (position) => ({ ...position, paid: { a: position.since } })],
	])('%s: refused, saying how to start over', async (_case, parameters, edit) => {
		const forged = withPosition(await activated(parameters), edit);
		const { outcome, poller } = await pollAfterNewInvoice(parameters, forged);
		expect(outcome.error?.message).toMatch(REFUSED);
		expect((outcome.error as { description?: string }).description).toMatch(RESET);
		expect(outcome.items).toEqual([]);
		expect(poller.nodeStaticData('live')).toEqual(forged[NODE_KEY]);
	});

	it.each([
		['a text', 'position'],
		['a list', [1, 2]],
		['an object naming nothing it watches', { since: '9999-12-31T00:00:00.000Z' }],
	])('%s, which names no settings: the trigger starts over as on activation', async (_case, value) => {
		const forged = withPosition(await activated(NEW_INVOICES), () => value);
		const { outcome, poller } = await pollAfterNewInvoice(NEW_INVOICES, forged);
		expect(outcome.error).toBeUndefined();
		expect(outcome.items).toEqual([]);
		expect(positionIn({ [NODE_KEY]: poller.nodeStaticData('live') }).since).toBe(iso(env.clock.now() - 60_000));
		env.clock.advance(60);
		const next = env.create();
		expect((await poller.poll()).json.map((item) => item.id)).toEqual([next.id]);
	});
});

describe('under All Businesses', () => {
	it.each([
		['in the future', '9999-12-31T00:00:00.000Z'],
		['of a foreign shape', 12345],
	])('a business whose position is %s is refused (an error item naming it), the others go on', async (_case, since) => {
		type Business = { id: string; key: string };
		const [lead, second] = ['lead', 'second'].map(
			(key) => (env.sandbox.dataset.businesses as Business[]).find((business) => business.key === key)!.id,
		);
		const parameters = {
			business: { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' },
			output: 'fields',
			fields: ['invoice_number'],
		};
		const stored = await activated(parameters);
		const forged = structuredClone(stored);
		const slots = (forged[NODE_KEY] as IDataObject).businesses as Record<string, IDataObject>;
		slots[second].position = { ...(slots[second].position as IDataObject), since };

		env.clock.advance(60);
		const theirs = env.create('sales_invoices', { business: second });
		const ours = env.create('sales_invoices', { business: lead });
		const poller = env.poller(parameters, JSON.stringify(forged));
		const { json } = await poller.poll();

		expect(json.filter((row) => row.business_id === lead).map((row) => row.sales_invoice_id)).toEqual([ours.id]);
		const refused = json.filter((row) => row.business_id === second);
		expect(refused).toHaveLength(1);
		expect(refused[0]).toMatchObject({ change_type: 'error', error: expect.stringMatching(REFUSED) });
		expect(JSON.stringify(json)).not.toContain(String(theirs.id));
		const kept = (poller.nodeStaticData('live').businesses as Record<string, IDataObject>)[second];
		expect(kept.position).toEqual(slots[second].position);
	});
});

// The property: random edits of a stored position, each made valid or foreign by construction (the
// shape the trigger writes, as its docs and storePosition state it), and random times after the
// service's clock. A foreign or future position is refused with the clear error and left as it
// was; a valid one is followed and outputs the invoice created since.

type Edit = { valid: boolean; describe: string; apply: (position: IDataObject, now: number) => void };

const notIso = fc.oneof(
	fc.integer(),
	fc.boolean(),
	fc.constant(null),
	fc.string().filter((text) => !/^[+-]?\d{4,6}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(text)),
	fc.constantFrom('2026-01-15', '2026-01-15T09:00:00Z', '15/01/2026', 'Thu, 15 Jan 2026 09:00:00 GMT'),
	fc.array(fc.integer(), { maxLength: 2 }),
	fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);
const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }));
const notMap = fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }));
const notStrings = fc.oneof(
	fc.integer(),
	fc.string(),
	fc.constant(null),
	fc.array(fc.oneof(fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 2 }),
	fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2 }),
);
const notPage = fc.oneof(
	fc.integer({ max: -1 }),
	fc.double({ min: 0.1, max: 1e6, noInteger: true, noNaN: true }),
	fc.constantFrom('1', null, Number.MAX_SAFE_INTEGER + 2),
);
/** After the service's clock by more than the allowed skew: up to the last day a Date can hold. */
const future = fc.integer({ min: FUTURE_SKEW_MS + 1000, max: 8.64e15 - T0 - 400 * DAY });

const backfillOf = (position: IDataObject) => position.backfill as IDataObject;
const overdueOf = (position: IDataObject) => position.overdue as IDataObject;
const thenOf = (position: IDataObject) => backfillOf(position).then as IDataObject;

/** Up to fifty years after the service's clock: record stamps of a service whose records run ahead. */
const recordStampAhead = fc.integer({ min: 0, max: 50 * 365 * DAY });

/** Edits that leave a position the trigger could have written. */
const validEdits: fc.Arbitrary<Edit> = fc.oneof(
	fc.constant<Edit>({ valid: true, describe: 'unchanged', apply: () => undefined }),
	fc.integer({ min: 0, max: 3 * DAY }).map<Edit>((back) => ({
		valid: true,
		describe: `since ${back} ms earlier`,
		apply: (position) => {
			position.since = iso(Date.parse(String(position.since)) - back);
		},
	})),
	fc
		.array(
			fc.tuple(
				fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 32 }),
				fc.integer({ min: 0, max: 60_000 }),
				fc.boolean(),
			),
			{
				maxLength: 5,
			},
		)
		.map<Edit>((entries) => ({
			valid: true,
			describe: `seen ${JSON.stringify(entries)}`,
			apply: (position) => {
				const seen = position.seen as IDataObject;
				const versions = (position.versions ?? {}) as IDataObject;
				for (const [id, after, versioned] of entries) {
					seen[`seen-${id}`] = iso(Date.parse(String(position.since)) + after);
					if (versioned) versions[`seen-${id}`] = `live:${id.slice(0, 8)}`;
				}
				if (Object.keys(versions).length) position.versions = versions;
			},
		})),
	// Record stamps are the records' clock, which a service may run ahead of its `Date`.
	recordStampAhead.map<Edit>((ahead) => ({
		valid: true,
		describe: `a record seen ${ahead} ms ahead`,
		apply: (position, now) => {
			(position.seen as IDataObject)['stamped-ahead'] = iso(now + ahead);
		},
	})),
);

/** Edits of one field to a value the trigger never writes there. */
function foreignEdits(withBackfill: boolean): fc.Arbitrary<Edit> {
	const edit = (describe: string, apply: Edit['apply']): Edit => ({ valid: false, describe, apply });
	const top = [
		fc.oneof(fc.constantFrom(1, 3, '2', null, 2.5), notString).map((version) =>
			edit(`version ${JSON.stringify(version)}`, (position) => {
				position.version = version;
			}),
		),
		notIso.map((since) => edit(`since ${JSON.stringify(since)}`, (position) => void (position.since = since))),
		fc
			.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.string(), fc.string(), { maxKeys: 1 }))
			.map((business) =>
				edit(`business ${JSON.stringify(business)}`, (position) => void (position.business = business)),
			),
		notMap.map((seen) => edit(`seen ${JSON.stringify(seen)}`, (position) => void (position.seen = seen))),
		notIso.map((at) =>
			edit(`a seen time ${JSON.stringify(at)}`, (position) => void ((position.seen as IDataObject).x = at)),
		),
		notMap.map((versions) =>
			edit(`versions ${JSON.stringify(versions)}`, (position) => void (position.versions = versions)),
		),
		fc
			.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.string(), { maxKeys: 1 }))
			.map((version) =>
				edit(`a version ${JSON.stringify(version)}`, (position) => {
					(position.seen as IDataObject).x = position.since;
					position.versions = { x: version };
				}),
			),
		fc
			.string({ minLength: 1, maxLength: 8 })
			.filter(
				(key) =>
					!['version', 'watching', 'business', 'since', 'seen', 'versions', 'backfill', '__proto__'].includes(key),
			)
			.map((key) => edit(`an unknown field ${JSON.stringify(key)}`, (position) => void (position[key] = 1))),
		future.map((ahead) =>
			edit(`since ${ahead} ms ahead`, (position, now) => {
				position.since = iso(now + ahead);
			}),
		),
	];
	if (!withBackfill) return fc.oneof(...top);
	// The same checks one level down, in the backfill and in the backfill that follows it.
	const inBackfill = (of: (position: IDataObject) => IDataObject, where: string) => [
		fc
			.constantFrom('paid_at', 'date', null, 1)
			.map((field) => edit(`${where} field ${JSON.stringify(field)}`, (position) => void (of(position).field = field))),
		notPage.map((page) => edit(`${where} page ${JSON.stringify(page)}`, (position) => void (of(position).page = page))),
		notStrings.map((anchors) =>
			edit(`${where} anchors ${JSON.stringify(anchors)}`, (position) => void (of(position).anchors = anchors)),
		),
		notIso
			.filter((before) => before !== null)
			.map((before) =>
				edit(`${where} before ${JSON.stringify(before)}`, (position) => void (of(position).before = before)),
			),
		notIso.map((from) => edit(`${where} from ${JSON.stringify(from)}`, (position) => void (of(position).from = from))),
		notStrings.map((handed) =>
			edit(`${where} handed ${JSON.stringify(handed)}`, (position) => void (of(position).handed = handed)),
		),
		notIso.map((reached) =>
			edit(`${where} reached ${JSON.stringify(reached)}`, (position) => void (of(position).reached = reached)),
		),
		fc
			.oneof(fc.integer(), fc.string(), fc.array(fc.integer(), { maxLength: 1 }))
			.map((then) => edit(`${where} then ${JSON.stringify(then)}`, (position) => void (of(position).then = then))),
		future.map((ahead) =>
			edit(`${where} before ${ahead} ms ahead`, (position, now) => void (of(position).before = iso(now + ahead))),
		),
	];
	return fc.oneof(
		...top,
		recordStampAhead.map<Edit>((ahead) => ({
			valid: true,
			describe: `backfill reached a record stamped ${ahead} ms ahead`,
			apply: (position, now) => void (backfillOf(position).reached = iso(now + ahead)),
		})),
		notMap
			.filter((backfill) => backfill !== null)
			.map((backfill) =>
				edit(`backfill ${JSON.stringify(backfill)}`, (position) => void (position.backfill = backfill)),
			),
		...inBackfill(backfillOf, 'backfill'),
		...inBackfill(thenOf, 'then'),
	);
}

const notDay = fc.oneof(
	fc.integer(),
	fc.constant(null),
	fc.string().filter((text) => !/^\d{4}-\d\d-\d\d$/.test(text)),
	fc.constantFrom('2026-02-30', '2026-13-01', '2026-1-5', '15/01/2026', '2026-01-15T00:00:00.000Z'),
);
/** A day at least three days after the service's clock: two are allowed for a time zone changed since. */
const futureDay = fc.integer({ min: 3, max: 3_000_000 }).map((days) => iso(T0 + days * DAY).slice(0, 10));
const anyDay = fc.integer({ min: -400, max: 1 }).map((days) => iso(T0 + days * DAY).slice(0, 10));

/** Edits of Invoice Became Overdue's judgement (`overdue`): the ones it could have written, and foreign ones. */
function overdueEdits(): fc.Arbitrary<Edit> {
	const edit = (valid: boolean, describe: string, apply: Edit['apply']): Edit => ({ valid, describe, apply });
	const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 32 });
	return fc.oneof(
		fc.array(fc.tuple(hex, anyDay), { maxLength: 4 }).map((entries) =>
			edit(true, `owing ${JSON.stringify(entries)}`, (position) => {
				for (const [id, due] of entries) (overdueOf(position).owing as IDataObject)[`owing-${id}`] = due;
			}),
		),
		fc.integer({ min: 1, max: 30 }).map((days) =>
			edit(true, `judged ${days} days earlier`, (position) => {
				const overdue = overdueOf(position);
				overdue.day = iso(Date.parse(`${String(overdue.day)}T00:00:00Z`) - days * DAY).slice(0, 10);
				overdue.at = iso(Date.parse(String(overdue.at)) - days * DAY);
			}),
		),
		notMap
			.filter((overdue) => overdue !== null)
			.map((overdue) =>
				edit(false, `overdue ${JSON.stringify(overdue)}`, (position) => void (position.overdue = overdue)),
			),
		notDay.map((day) =>
			edit(false, `overdue day ${JSON.stringify(day)}`, (position) => void (overdueOf(position).day = day)),
		),
		futureDay.map((day) => edit(false, `overdue day ${day}`, (position) => void (overdueOf(position).day = day))),
		notIso.map((at) =>
			edit(false, `overdue at ${JSON.stringify(at)}`, (position) => void (overdueOf(position).at = at)),
		),
		future.map((ahead) =>
			edit(false, `overdue at ${ahead} ms ahead`, (position, now) => void (overdueOf(position).at = iso(now + ahead))),
		),
		notMap.map((owing) =>
			edit(false, `overdue owing ${JSON.stringify(owing)}`, (position) => void (overdueOf(position).owing = owing)),
		),
		notDay.map((due) =>
			edit(false, `an owing due date ${JSON.stringify(due)}`, (position) => {
				(overdueOf(position).owing as IDataObject).x = due;
			}),
		),
		fc
			.constantFrom('day', 'at', 'owing')
			.map((field) => edit(false, `overdue without ${field}`, (position) => void delete overdueOf(position)[field])),
		fc
			.string({ minLength: 1, maxLength: 8 })
			.filter((key) => !['day', 'at', 'owing', '__proto__'].includes(key))
			.map((key) =>
				edit(false, `overdue with ${JSON.stringify(key)}`, (position) => void (overdueOf(position)[key] = 1)),
			),
		fc
			.dictionary(fc.string({ minLength: 1, maxLength: 4 }), anyDay, { maxKeys: 2 })
			.map((paid) => edit(false, `a Paid memory ${JSON.stringify(paid)}`, (position) => void (position.paid = paid))),
	);
}

/**
 * The sandbox's few records are all backfilled by the first poll, which leaves the deletions'
 * backfill: the records' backfill is put back in front of it, as the first poll found it.
 */
async function withRecordsStillToBackfill(parameters: INodeParameters): Promise<IDataObject> {
	const stored = await activated(parameters);
	return withPosition(stored, (position) => {
		const deletions = backfillOf(position);
		expect(deletions).toMatchObject({ field: 'deleted_at', from: parameters.startDate });
		return { ...position, backfill: { ...deletions, field: 'updated_at', page: 0, anchors: [], then: deletions } };
	});
}

describe('property: random stored positions', () => {
	it.each([
		['New Record from now', NEW_INVOICES, false],
		['New, Updated or Deleted Record from a date (backfill and then)', FROM_A_DATE, true],
		['Invoice Became Overdue from now (its judgement)', BECAME_OVERDUE, false],
	] as const)(
		'%s: a foreign or future position is refused, a valid one followed',
		async (_name, parameters, backfill) => {
			const stored = backfill ? await withRecordsStillToBackfill(parameters) : await activated(parameters);
			const judged = parameters === BECAME_OVERDUE;
			if (judged) expect(overdueOf(positionIn(stored))).toMatchObject({ day: '2026-01-15', owing: expect.any(Object) });
			const edits = judged
				? fc.oneof(validEdits, foreignEdits(false), overdueEdits())
				: fc.oneof(validEdits, foreignEdits(backfill));
			await fc.assert(
				fc.asyncProperty(edits, async (edit) => {
					const forged = withPosition(stored, (position) => {
						edit.apply(position, env.clock.now() + 60_000);
						return position;
					});
					const { outcome, invoice, poller } = await pollAfterNewInvoice(parameters, forged);
					if (edit.valid) {
						expect(outcome.error).toBeUndefined();
						// Invoice Became Overdue outputs only overdue invoices: followed, it moved its position on.
						const moved = positionIn({ [NODE_KEY]: poller.nodeStaticData('live') }).since !== positionIn(forged).since;
						if (judged) expect(moved).toBe(true);
						else expect(outcome.json.map((item) => item.id)).toContain(invoice.id);
					} else {
						expect(outcome.error?.message).toMatch(REFUSED);
						expect((outcome.error as { description?: string }).description).toMatch(RESET);
						expect(outcome.items).toEqual([]);
						expect(poller.nodeStaticData('live')).toEqual(forged[NODE_KEY]);
					}
				}),
				{ numRuns: 15 },
			);
		},
	);
});
