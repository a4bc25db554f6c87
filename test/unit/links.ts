import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Every relative link and image of the README and the docs pages points at a file of the
 * repository, and a link to a heading of a Markdown page (`docs/reports.md#bad-input`, `#reports`)
 * at a heading that page has, with GitHub's anchors. Pages move and screenshots get renamed: this
 * names the broken link instead of leaving it to a reader on GitHub or npm.
 */

const ROOT = resolve(__dirname, '..', '..');

/** The pages checked: README.md, CHANGELOG.md and every Markdown page of docs/. */
function pages(): string[] {
	const docs = readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => join(ROOT, 'docs', name));
	return [join(ROOT, 'README.md'), join(ROOT, 'CHANGELOG.md'), ...docs].filter((file) => existsSync(file));
}

/** The text outside fenced code blocks, line by line (a `# comment` in a bash block is no heading). */
function proseLines(text: string): string[] {
	const lines: string[] = [];
	let fence: string | undefined;
	for (const line of text.split('\n')) {
		const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
		if (marker && (fence === undefined || marker.startsWith(fence))) {
			fence = fence === undefined ? marker : undefined;
			continue;
		}
		if (fence === undefined) lines.push(line);
	}
	return lines;
}

/** A code span's text can hold anything: it is kept as plain text, never read as a link. */
const withoutCodeSpans = (line: string) =>
	line.replace(/(`+)(.+?)\1/g, (_, _ticks, code: string) => code.replace(/[[\]()]/g, ' '));

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
	const text = heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/`/g, '')
		.replace(/[*]/g, '')
		.trim()
		.toLowerCase();
	return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings, numbered as GitHub numbers repeated ones. */
export function anchorsOf(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const line of proseLines(text)) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
		if (heading === undefined) continue;
		const slug = slugOf(heading);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

/** Every link target of a Markdown text: inline links and images, and reference definitions. */
export function linksOf(text: string): string[] {
	const targets: string[] = [];
	for (const line of proseLines(text)) {
		const prose = withoutCodeSpans(line);
		for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g))
			targets.push(match[1]);
		const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
		if (definition) targets.push(definition[1]);
	}
	return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * The broken links of one page (`file`, its text `text`): each as "target: why". A relative
 * target must name a file or folder inside the repository; an anchor must be a heading of the
 * Markdown page it points into (the page itself for a bare `#anchor`).
 */
export function brokenLinks(
	file: string,
	text: string,
	readPage = (path: string) => readFileSync(path, 'utf8'),
): string[] {
	const broken: string[] = [];
	for (const target of linksOf(text)) {
		if (target === '') {
			broken.push('(empty link)');
			continue;
		}
		if (isExternal(target)) continue;
		const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
		const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
		const inside = relative(ROOT, path);
		if (inside.startsWith('..') || inside.split(sep)[0] === '..') {
			broken.push(`${target}: outside the repository`);
			continue;
		}
		if (path !== file && !existsSync(path)) {
			broken.push(`${target}: no such file (${inside})`);
			continue;
		}
		if (anchor === undefined || anchor === '' || !path.endsWith('.md')) continue;
		if (path !== file && statSync(path).isDirectory()) continue;
		const page = path === file ? text : readPage(path);
		if (!anchorsOf(page).has(anchor)) broken.push(`${target}: ${inside} has no heading "#${anchor}"`);
	}
	return broken;
}

test('every relative link and image of README.md and docs/*.md points at a file, and every anchor at a heading', () => {
	const checked = pages();
	expect(checked.map((file) => relative(ROOT, file))).toEqual(
		expect.arrayContaining(['README.md', join('docs', 'operations.md')]),
	);
	const broken = checked.flatMap((file) =>
		brokenLinks(file, readFileSync(file, 'utf8')).map((problem) => `${relative(ROOT, file)}: ${problem}`),
	);
	expect(broken).toEqual([]);
});

test('the check finds a missing file, a missing heading and a link out of the repository', () => {
	const page = join(ROOT, 'docs', 'example-page.md');
	const text = [
		'# A page',
		'',
		'[fine](../README.md), ![fine](n8n-canvas.png), [fine](#a-page), [fine](https://example.com/x.md)',
		'[missing](../examples/no-such-workflow.json) and ![missing](no-such-picture.png)',
		'[no heading](reports.md#no-such-heading), [no heading here](#nowhere)',
		'[outside](../../elsewhere.md)',
		'`[in code](not-checked.md)`',
		'```bash',
		'# not a heading; [in a block](not-checked.md)',
		'```',
	].join('\n');
	expect(brokenLinks(page, text)).toEqual([
		'../examples/no-such-workflow.json: no such file (examples/no-such-workflow.json)',
		'no-such-picture.png: no such file (docs/no-such-picture.png)',
		'reports.md#no-such-heading: docs/reports.md has no heading "#no-such-heading"',
		'#nowhere: docs/example-page.md has no heading "#nowhere"',
		'../../elsewhere.md: outside the repository',
	]);
});

test("GitHub's anchors of headings", () => {
	expect(slugOf('Click through in n8n (`npm run dev`)')).toBe('click-through-in-n8n-npm-run-dev');
	expect(slugOf('Nothing lost, nothing repeated')).toBe('nothing-lost-nothing-repeated');
	expect(slugOf("Where it can differ from the report on Sage's screen")).toBe(
		'where-it-can-differ-from-the-report-on-sages-screen',
	);
	expect([...anchorsOf('# Notes\n## Notes\n```\n# Notes\n```\n')]).toEqual(['notes', 'notes-1']);
});
