// The text of a PDF, read by pdf.js (through pdf-parse, a devDependency), for the sandbox's PDF
// tests. In a child Node process: pdf.js loads its worker with a dynamic import, which jest's
// CommonJS runtime refuses ("A dynamic import callback was invoked without --experimental-vm-modules").
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..');

const READ_STDIN_AND_PARSE = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
	const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
	const result = await parser.getText();
	await parser.destroy();
	process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
});
`;

export interface PdfText {
	/** the text of every page, lines joined with newlines */
	text: string;
	pages: number;
}

export function pdfText(bytes: Buffer): Promise<PdfText> {
	return new Promise((done, failed) => {
		const child = execFile(
			process.execPath,
			['-e', READ_STDIN_AND_PARSE],
			{ cwd: REPO, maxBuffer: 16 * 1024 * 1024 },
			(error, stdout, stderr) =>
				error ? failed(new Error(`pdf-parse: ${stderr || error.message}`)) : done(JSON.parse(stdout)),
		);
		child.stdin!.end(bytes);
	});
}
