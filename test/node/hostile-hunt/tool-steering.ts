// The review brief: a tool configured for one operation cannot be steered into another by its
// arguments. A model fills the tool's arguments, and may be led by text in the records it read to
// fill them with anything: a Get tool's ID that names another path (`../`, `/`, `?`, `#`, encoded
// or not) reaches no other collection and no other method, and a Search tool's text no other query.
import * as fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { callTools } from '../tool-sandbox';

const env = useConnectedSandbox();

const fromAI = (key: string, description: string) => `={{ $fromAI('${key}', \`${description}\`, 'string') }}`;

const tools: Record<string, INodeParameters> = {
	get_contact: {
		resource: 'contact',
		operation: 'get',
		id: { __rl: true, mode: 'id', value: fromAI('contact_id', 'The contact ID') },
	},
	search_contacts: {
		resource: 'contact',
		operation: 'search',
		searchText: fromAI('search_text', 'Start of a word of the contact name'),
	},
};

/** Pieces a steering argument is made of: path and query syntax, encoded and not, and other collections. */
const hostilePiece = fc.constantFrom(
	'../',
	'..',
	'/',
	'%2F',
	'%2f',
	'%2e%2e%2f',
	'\\',
	'?',
	'&',
	'#',
	'=',
	'sales_invoices',
	'businesses',
	'contacts',
	'?$method=DELETE',
	'&items_per_page=200',
	'\r\nX-Business: other',
	'@127.0.0.2:1',
	' ',
	'%00',
);
const hostileText = fc
	.array(fc.oneof(hostilePiece, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 6 })
	.map((pieces) => pieces.join(''));

const apiRequests = (since: number) =>
	env.apiRequestsSince(since).map((entry: LogEntry) => ({ method: entry.method, path: entry.path }));

describe('a tool’s arguments built to name another path', () => {
	it('a Get tool reads one contact by the whole ID, or none: no other path, no other method', async () => {
		let sent = 0;
		await fc.assert(
			fc.asyncProperty(hostileText, async (id) => {
				const since = env.sandbox.log.entries().length;
				const [call] = await callTools(env, { get_contact: tools.get_contact }, [
					{ tool: 'get_contact', arguments: { contact_id: id } },
				]);
				for (const request of apiRequests(since)) {
					sent++;
					expect(request.method).toBe('GET');
					const [path] = request.path.split('?');
					expect(path).toMatch(/^\/contacts\/[^/]+$/);
					expect(decodeURIComponent(path.slice('/contacts/'.length))).toBe(id.trim());
				}
				expect(call.answer === null || call.error === null).toBe(true);
			}),
			{ numRuns: 25 },
		);
		// The IDs reached the service (as a record it does not have), not only the node's own refusals.
		expect(sent).toBeGreaterThan(0);
	});

	it('a Search tool asks the contacts list with its text as the search, or nothing', async () => {
		await fc.assert(
			fc.asyncProperty(hostileText, async (text) => {
				const since = env.sandbox.log.entries().length;
				await callTools(env, { search_contacts: tools.search_contacts }, [
					{ tool: 'search_contacts', arguments: { search_text: text } },
				]);
				for (const request of apiRequests(since)) {
					expect(request.method).toBe('GET');
					const url = new URL(request.path, 'http://service');
					expect(url.pathname).toBe('/contacts');
					expect([...url.searchParams.keys()].filter((key) => key === 'search').length).toBeLessThanOrEqual(1);
					expect(url.searchParams.get('items_per_page')).not.toBe(null);
				}
			}),
			{ numRuns: 25 },
		);
	});
});
