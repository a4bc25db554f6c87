// The review brief: one hostile answer cannot hurt, and state that does not make sense is refused.
// The trigger places its position on the service's clock (its `Date` header). A proxy or a broken
// service that answers one poll with a `Date` centuries ahead moved the stored position there: from
// the next poll on, every honest answer met a position "in the future", and the trigger stopped
// until someone reset it by hand. A `Date` no clock could show is refused for its poll alone.
import * as fc from 'fast-check';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { startGateway } from '../hostile-service';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const YEAR = 366 * 86_400_000;

/** Answers the request from the sandbox itself, with its `Date` header replaced. */
async function forwardWithDate(target: string, req: IncomingMessage, res: ServerResponse, date: string) {
	const answer = await fetch(new URL(req.url ?? '/', target), {
		method: req.method,
		headers: Object.fromEntries(
			Object.entries(req.headers).filter(([name]) => !['host', 'connection'].includes(name)),
		) as Record<string, string>,
	});
	const headers = Object.fromEntries(
		[...answer.headers].filter(([name]) => !['content-encoding', 'content-length', 'date'].includes(name)),
	);
	res.writeHead(answer.status, { ...headers, date }).end(Buffer.from(await answer.arrayBuffer()));
}

describe('one poll answered with a Date no clock could show', () => {
	it('does not stop the trigger: the next honest poll outputs the invoice created since', async () => {
		await fc.assert(
			fc.asyncProperty(
				// More than ten years after n8n's clock, up to the last day an HTTP date can name.
				fc.integer({ min: Date.now() + 10 * YEAR + 86_400_000, max: Date.UTC(9999, 11, 31) }),
				async (forgedAt) => {
					let forged: string | undefined;
					const target = new URL(env.urls.baseUrl).origin;
					const gateway = await startGateway(target, () => async (req, res) => {
						if (forged === undefined) return false;
						await forwardWithDate(target, req, res, forged);
						return true;
					});
					try {
						const data = { ...env.store.data(env.credential.id) };
						data.baseUrl = String(data.baseUrl).replace(target, gateway.origin);
						env.store.replaceData(env.credential.id, data);
						const poller = env.poller({ event: 'new' });
						expect((await poller.activate()).error).toBeUndefined();

						env.clock.advance(60);
						forged = new Date(forgedAt).toUTCString();
						await poller.poll();
						forged = undefined;

						env.clock.advance(60);
						const invoice = env.create();
						const next = await poller.poll();
						expect(next.error?.message).toBeUndefined();
						expect(next.json.map((row) => row.id)).toContain(invoice.id);
					} finally {
						const data = { ...env.store.data(env.credential.id) };
						data.baseUrl = String(data.baseUrl).replace(gateway.origin, target);
						env.store.replaceData(env.credential.id, data);
						await gateway.close();
					}
				},
			),
			{ numRuns: 4 },
		);
	});
});
