'use strict';

const { mix } = require('./parts');

const WIN_ANSI = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };

/** A PDF string literal in WinAnsi, so accented names print rather than turn into question marks. */
function pdfString(text) {
	let out = '(';
	for (const ch of text) {
		const code = WIN_ANSI[ch] ?? ch.codePointAt(0);
		if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
		else if (code >= 32 && code < 127) out += ch;
		else if (code < 256) out += `\\${code.toString(8).padStart(3, '0')}`;
		else out += ch.normalize('NFD').replace(/[^\x20-\x7e]/g, '') || '?';
	}
	return `${out})`;
}

const LINE = 64;
const BLOCK = 1024 * LINE;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Comment lines inside the content stream: valid PDF that any viewer skips. One 64 KiB block of
 * lines is drawn per download and repeated with native copies, so hundreds of MiB stream at
 * memory speed and any window follows from its position alone.
 */
function filler(length, seed) {
	let block = null;
	const draw = () => {
		const b = Buffer.allocUnsafe(BLOCK);
		for (let p = 0; p < BLOCK; p++) {
			const col = p % LINE;
			b[p] =
				col === 0
					? 0x25
					: col === 1
						? 0x20
						: col === LINE - 1
							? 0x0a
							: ALPHABET.charCodeAt(mix((Math.floor(p / LINE) * 67 + col) ^ seed) & 63);
		}
		return b;
	};
	return {
		length,
		fill(target, offset) {
			block ??= draw();
			for (let i = 0; i < target.length;) {
				const at = (offset + i) % BLOCK;
				const n = Math.min(BLOCK - at, target.length - i);
				block.copy(target, i, at, at + n);
				i += n;
			}
		},
	};
}

/**
 * A one-page PDF showing a title and some lines, padded with comment lines to `size` bytes when
 * given. The xref offsets are exact, so viewers open it without repair.
 * @param {{ seed: number, title: string, lines: string[], size?: number }} spec
 * @returns {import('./parts').Part[]}
 */
function pdfParts({ seed, title, lines, size }) {
	const text =
		[
			`BT /F1 16 Tf 56 780 Td ${pdfString(title)} Tj ET`,
			...lines.map((line, k) => `BT /F1 10 Tf 56 ${740 - k * 14} Td ${pdfString(line)} Tj ET`),
		].join('\n') + '\n';
	const textBytes = Buffer.from(text, 'latin1');
	const head = Buffer.concat([
		Buffer.from('%PDF-1.4\n%', 'latin1'),
		Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
		Buffer.from('\n', 'latin1'),
	]);
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
	];
	const offsets = [];
	let body = '';
	for (let k = 0; k < objects.length; k++) {
		offsets.push(head.length + body.length);
		body += `${k + 1} 0 obj\n${objects[k]}\nendobj\n`;
	}
	const build = (fill, pad) => {
		const streamLength = textBytes.length + fill;
		const open = `5 0 obj\n<< /Length ${streamLength} >>\nstream\n`;
		const obj5 = head.length + body.length;
		const xrefAt = obj5 + open.length + streamLength + '\nendstream\nendobj\n'.length;
		const xref = [
			'xref\n0 6\n0000000000 65535 f \n',
			...[...offsets, obj5].map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
		].join('');
		const tail = `\nendstream\nendobj\n${xref}trailer\n<< /Size 6 /Root 1 0 R >>${' '.repeat(pad)}\nstartxref\n${xrefAt}\n%%EOF\n`;
		const before = Buffer.from(body + open, 'latin1');
		return {
			total: head.length + before.length + streamLength + tail.length,
			parts: [head, before, textBytes, filler(fill, seed), Buffer.from(tail, 'latin1')],
		};
	};
	const natural = build(0, 0);
	if (!size || size <= natural.total) return natural.parts.filter((p) => p.length > 0);
	// Digits of the lengths grow with the filler, so search the few neighbours of the estimate;
	// one padding space settles a target that falls in a digit step.
	const estimate = size - natural.total;
	for (let pad = 0; pad < 3; pad++) {
		for (let fill = Math.max(0, estimate - 12); fill <= estimate + 2; fill++) {
			const candidate = build(fill, pad);
			if (candidate.total === size) return candidate.parts;
		}
	}
	throw new Error(`cannot build a PDF of exactly ${size} bytes`);
}

module.exports = { pdfParts };
