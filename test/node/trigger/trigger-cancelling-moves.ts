// The trigger's change feed through two moves that cancel each other where the read would look
// for a move (issue 49, case 2): 250 invoices created in the window; as page 2 of the window is
// requested, one of page 1 is deleted and one created (the records slide forward a place: the
// 201st onto page 1, already read); at the next one-record request an invoice from before
// activation is edited, entering the window ahead of the batch (they slide back again). The
// window's `$total` ends where it began, yet the 201st of the batch was read on neither page:
// whatever the event, every invoice of the batch still present is emitted exactly once.
import type { IDataObject } from 'n8n-workflow';

import { useTriggerSandbox, type TriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox({ scale: 60 });

type Request = { method: string; path: string; query: string };
const isWindowRead = (request: Request) =>
	request.method === 'GET' && request.path === '/sales_invoices' && /updated_or_created_since=/.test(request.query);
const isPage2 = (request: Request) =>
	isWindowRead(request) && /items_per_page=200/.test(request.query) && /(^|&)page=2(&|$)/.test(request.query);
const isOneRecord = (request: Request) =>
	request.method === 'GET' && request.path === '/sales_invoices' && /(^|&)items_per_page=1(&|$)/.test(request.query);

function cancellingMoves(env: TriggerSandbox, doomed: string, old: string) {
	let stage = 0;
	const created: string[] = [];
	const stop = env.sandbox.beforeApiRequest((request: Request) => {
		if (stage === 0 && isPage2(request)) {
			env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', doomed);
			created.push(String(env.create().id));
			stage = 1;
		} else if (stage === 1 && isOneRecord(request)) {
			env.update('sales_invoices', old, { fields: { notes: 'edited while the window is read' } });
			stage = 2;
		}
	});
	return { created, stop, done: () => stage === 2 };
}

const KEY = 'sales_invoice_id';

describe.each(['new', 'newOrUpdated', 'anyChange'])('event %s', (event) => {
	it('250 invoices in the window, a deletion and a creation as page 2 is read, an old invoice edited next: the batch once', async () => {
		const old = (await env.allIdsDirect('/sales_invoices'))[0];
		const trigger = env.poller({ event, output: 'simplified' });
		expect((await trigger.activate()).error).toBeUndefined();
		env.clock.advance(60);
		const batch = Array.from({ length: 250 }, () => String(env.create().id));
		// The poll comes more than the trigger's overlap (a minute) after the batch: once it has
		// advanced past them, no later poll reads the batch's second again.
		env.clock.advance(120);
		const moves = cancellingMoves(env, batch[10], old);

		const emitted: IDataObject[] = [];
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		emitted.push(...first.json);
		expect(moves.done()).toBe(true);
		moves.stop();
		for (let poll = 0; poll < 2; poll++) {
			env.clock.advance(60);
			const next = await trigger.poll();
			expect(next.error).toBeUndefined();
			emitted.push(...next.json);
		}

		const created = emitted.filter((item) => item.change_type !== 'deleted').map((item) => String(item[KEY]));
		const times = (id: string) => created.filter((other) => other === id).length;
		expect(times(batch[200])).toBe(1);
		expect(batch.filter((id) => id !== batch[10] && times(id) !== 1)).toEqual([]);
		expect(times(moves.created[0])).toBe(1);
	});
});
