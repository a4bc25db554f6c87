import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { NodeTypes, Poller, accountingServiceTriggerNode, loadAccountingServiceTrigger, runWorkflow } from '../harness';
import { startConnectedSandbox } from './connected-sandbox';

/** 2026-01-15 09:00:00 UTC: the sandbox time every trigger test starts at. */
export const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);

/**
 * A sandbox clock that stands still until advanced, so a test decides exactly which second each
 * record and each `Date` header gets (two records can share a timestamp on purpose).
 */
export function frozenClock(startMs: number) {
	let now = startMs;
	return {
		now: () => now,
		nowSeconds: () => Math.floor(now / 1000),
		advance(seconds: number) {
			if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('clock can only move forward');
			now += seconds * 1000;
			return now;
		},
	};
}

/**
 * A connected sandbox on a frozen clock, with shortcuts to make pollers of the trigger node
 * (n8n-core's poll path, static data kept between polls) and to create and update records.
 */
export async function startTriggerSandbox({
	start = T0,
	scale = 60,
	amounts,
}: { start?: number; scale?: number; amounts?: 'number' | 'string' } = {}) {
	const clock = frozenClock(start);
	const env = await startConnectedSandbox({ scale, clock, amounts });
	const { dataset } = env.sandbox;
	const lead = dataset.leadBusinessId;

	/** A poller of the trigger node; `staticData` (a database copy) makes it another instance of a running one. */
	const poller = (parameters: INodeParameters = {}, staticData?: string) =>
		new Poller(
			env.store,
			accountingServiceTriggerNode(env.credential, {
				resource: 'salesInvoice',
				event: 'new',
				output: 'raw',
				...parameters,
			}),
			{ staticData },
		);

	/** A record created now (or stamped `at`, epoch ms); returns the service's full record. */
	const create = (
		collection = 'sales_invoices',
		options: { at?: number; business?: string; fields?: IDataObject } = {},
	) =>
		dataset.createRecord(
			options.business ?? lead,
			collection,
			options.fields ?? {},
			options.at === undefined ? {} : { at: options.at },
		) as IDataObject;

	const update = (collection: string, id: string, options: { at?: number; fields?: IDataObject } = {}) =>
		dataset.updateRecord(
			lead,
			collection,
			id,
			options.fields ?? {},
			options.at === undefined ? {} : { at: options.at },
		) as IDataObject;

	/** The trigger in manual mode, as the editor's "Fetch Test Event" runs it through WorkflowExecute. */
	const fetchTestEvent = async (parameters: INodeParameters = {}) =>
		await runWorkflow({
			store: env.store,
			nodes: [
				accountingServiceTriggerNode(env.credential, {
					resource: 'salesInvoice',
					event: 'new',
					output: 'raw',
					...parameters,
				}),
			],
			nodeTypes: new NodeTypes([loadAccountingServiceTrigger()]),
			mode: 'manual',
		});

	/** A list read directly, page by page in its order: each record's id → its `field` (as text). */
	const fieldByIdDirect = async (path: string, field: string) => {
		const values = new Map<string, string>();
		let next: string | null = `${path}${path.includes('?') ? '&' : '?'}items_per_page=200&attributes=${field}`;
		while (next) {
			const page = (await env.fetchDirect(next)).body;
			for (const item of page.$items as IDataObject[]) values.set(String(item.id), String(item[field]));
			next = page.$next as string | null;
		}
		return values;
	};

	return { ...env, clock, lead, poller, create, update, fetchTestEvent, fieldByIdDirect };
}

export type TriggerSandbox = Awaited<ReturnType<typeof startTriggerSandbox>>;

/** A fresh trigger sandbox for every test of a file. */
export function useTriggerSandbox(options: Parameters<typeof startTriggerSandbox>[0] = {}): TriggerSandbox {
	const env = {} as TriggerSandbox;
	beforeEach(async () => {
		Object.assign(env, await startTriggerSandbox(options));
	});
	afterEach(async () => {
		await env.sandbox?.stop();
	});
	return env;
}

/** `id@time` of each emitted item, to count emissions of one event. */
export const events = (json: IDataObject[], field: 'created_at' | 'updated_at' = 'updated_at') =>
	json.map((item) => `${String(item.id)}@${String(item[field])}`);
