// An agent that sets a record's value, another, then the first again: each update is made, in
// one agent run and across runs of one saved workflow, and each answer is what the record holds.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { answerOf, callTools } from '../tool-sandbox';
import { byId, defineBelow } from '../write-helpers';

const env = useConnectedSandbox();

const setNotes = (contact: string) => ({
	set_notes: {
		resource: 'contact',
		operation: 'update',
		id: byId(contact),
		fields: defineBelow({ notes: "={{ $fromAI('notes', 'The new notes', 'string') }}" }),
	},
});
const call = (notes: string) => ({ tool: 'set_notes', arguments: { notes } });
const notesOf = async (contact: string) => (await env.fetchDirect(`/contacts/${contact}`)).body.notes;

const contacts = async (count: number) =>
	((await env.fetchDirect(`/contacts?items_per_page=${count}`)).body.$items as IDataObject[]).map((contact) =>
		String(contact.id),
	);

describe('an agent’s repeated update', () => {
	it('A, B, then A again in one agent run: the record holds A, and each answer is what was set', async () => {
		const [contact] = await contacts(1);
		const results = await callTools(env, setNotes(contact), [call('Notes A'), call('Notes B'), call('Notes A')]);
		expect(results.map((result) => answerOf(result)[0].notes)).toEqual(['Notes A', 'Notes B', 'Notes A']);
		expect(await notesOf(contact)).toBe('Notes A');
	});

	it('A, B, then A again as three executions of one saved workflow (an MCP client’s calls)', async () => {
		const [, contact] = await contacts(2);
		const answers: unknown[] = [];
		for (const notes of ['Notes A', 'Notes B', 'Notes A']) {
			const [result] = await callTools(env, setNotes(contact), [call(notes)], 'repeated-update-workflow');
			answers.push(answerOf(result)[0].notes);
		}
		expect(answers).toEqual(['Notes A', 'Notes B', 'Notes A']);
		expect(await notesOf(contact)).toBe('Notes A');
	});
});
