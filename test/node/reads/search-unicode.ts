import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

/** A contact whose name has a word with an accented letter, and that word (NFC, as the service stores it). */
async function contactWithAccent(): Promise<{ id: string; word: string }> {
	const contacts = (await env.fetchDirect('/contacts?items_per_page=200&attributes=name')).body.$items as IDataObject[];
	for (const contact of contacts) {
		const word = String(contact.name)
			.normalize('NFC')
			.split(/[^\p{L}\p{N}]+/u)
			.find((candidate) => candidate.normalize('NFD') !== candidate);
		if (word) return { id: String(contact.id), word };
	}
	throw new Error('the sandbox has no contact with an accented name');
}

describe('Search Text in decomposed Unicode (NFD: macOS file names, PDFs)', () => {
	it.each(['NFC', 'NFD'] as const)(
		'an accented name typed in %s is searched, sent composed (NFC), and finds the contact',
		async (form) => {
			const { id, word } = await contactWithAccent();
			const typed = word.normalize(form);
			if (form === 'NFD') expect(typed).not.toBe(word);
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode({
				resource: 'contact',
				operation: 'search',
				searchText: typed,
				returnAll: true,
				output: 'raw',
				options: { attributes: 'name' },
			});
			expect(result.error).toBeUndefined();
			expect(result.json(NODE).map((contact) => contact.id)).toContain(id);
			const [request] = env.apiRequestsSince(position);
			expect(new URL(request.path, 'http://x').searchParams.get('search')).toBe(word);
		},
	);

	it('a letter with a combining mark that has no composed form (Devanagari) is letters, not special characters', async () => {
		const result = await env.runNode({ resource: 'contact', operation: 'search', searchText: 'हिन्दी', limit: 5 });
		expect(result.error).toBeUndefined();
	});

	it('a combining mark on its own is still refused before anything is sent', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'contact', operation: 'search', searchText: '\u0301', limit: 5 });
		expect(result.error?.message).toMatch(/Search Text.*special characters/);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
	});
});
