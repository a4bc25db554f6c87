import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { clockStoringLate, renewElsewhere, tokenEndpoint, untilTokenRequests } from '../token-renewal';

const env = useConnectedSandbox({}, { fresh: true });

const NODE = 'Accounting Service';
const WINNER_WRITES_AFTER_MS = 150;

afterEach(() => useClock(new VirtualClock(() => Date.now())));

describe('a lost refresh race whose winner stores its tokens late', () => {
	const operations: Array<[string, INodeParameters]> = [
		['a read of a list (the node’s one renewal)', { resource: 'salesInvoice', operation: 'getAll', limit: 5 }],
		['a Get (n8n’s own renewal)', { resource: 'user', operation: 'get' }],
	];
	it.each(operations)(
		`%s waits for the winner’s tokens stored ${WINNER_WRITES_AFTER_MS} ms after its refusal, and completes`,
		async (_name, parameters) => {
			const stale = env.store.oauthTokenData(env.credential.id) as IDataObject;
			delete stale.n8n_expires_at;
			env.store.writeOauthTokenData(env.credential.id, stale);
			env.sandbox.clock.advance(301);
			// The node's renewal reaches the service after the winner's, with the same refresh token.
			env.sandbox.faults.inject({ kind: 'slow', target: 'token', delayMs: 400 });
			const position = env.sandbox.log.entries().length;
			const refused = (entry: LogEntry) => tokenEndpoint(entry) && entry.status === 400;
			const winner = clockStoringLate(env, position, refused, WINNER_WRITES_AFTER_MS);

			const running = env.runNode(parameters);
			await untilTokenRequests(env, position);
			winner.tokens = await renewElsewhere(env, stale);
			const result = await running;

			expect(result.error).toBeUndefined();
			expect(result.json(NODE).length).toBeGreaterThan(0);
			const grants = env.sandbox.log.entries().slice(position).filter(tokenEndpoint);
			expect(grants.map((entry: LogEntry) => entry.status).sort()).toEqual([200, 400]);
			expect(winner.writtenAfterMs).toBeGreaterThanOrEqual(WINNER_WRITES_AFTER_MS);
		},
	);
});
