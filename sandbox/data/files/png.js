'use strict';

const { mix } = require('./parts');

const { crc32 } = require('node:zlib');

function chunk(type, data) {
	const out = Buffer.alloc(12 + data.length);
	out.writeUInt32BE(data.length, 0);
	out.write(type, 4, 'latin1');
	data.copy(out, 8);
	out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
	return out;
}

/**
 * zlib with stored (uncompressed) blocks: byte-identical on every Node and zlib version, which a
 * compressor does not promise.
 */
function storedZlib(raw) {
	const blocks = [Buffer.from([0x78, 0x01])];
	for (let at = 0; at < raw.length; at += 65535) {
		const part = raw.subarray(at, at + 65535);
		const header = Buffer.alloc(5);
		header[0] = at + 65535 >= raw.length ? 1 : 0;
		header.writeUInt16LE(part.length, 1);
		header.writeUInt16LE(~part.length & 0xffff, 3);
		blocks.push(header, part);
	}
	let a = 1;
	let b = 0;
	// Adler-32 reduced once per 5,552 bytes, as zlib does: far cheaper than a modulo per byte.
	for (let start = 0; start < raw.length; start += 5552) {
		const end = Math.min(start + 5552, raw.length);
		for (let i = start; i < end; i++) {
			a += raw[i];
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	const adler = Buffer.alloc(4);
	adler.writeUInt32BE(((b << 16) | a) >>> 0);
	blocks.push(adler);
	return Buffer.concat(blocks);
}

/**
 * A scanned-receipt look: paper-coloured gradient with darker text-like bands.
 * @param {{ seed: number, width: number, height: number }} spec
 * @returns {import('./parts').Part[]}
 */
function pngParts({ seed, width, height }) {
	const stride = 1 + width * 3;
	const raw = Buffer.alloc(stride * height);
	const tint = mix(seed) & 0x1f;
	for (let y = 0; y < height; y++) {
		const band = y % 18 < 8 && y > 24 && y < height - 24;
		// Ink comes in runs of eight pixels: one draw per run.
		let inked = false;
		for (let x = 0; x < width; x++) {
			if (band && (x & 7) === 0) inked = (mix(seed ^ (y * 7919 + (x >> 3))) & 3) !== 0;
			const ink = band && x > 20 && x < width - 20 && inked;
			const paper = 235 - Math.floor((y * 20) / height);
			const v = ink ? 60 + (mix(x ^ y ^ seed) & 31) : paper;
			const at = y * stride + 1 + x * 3;
			raw[at] = v;
			raw[at + 1] = v - (ink ? 0 : tint >> 2);
			raw[at + 2] = v - (ink ? 0 : tint);
		}
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8;
	header[9] = 2;
	return [
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', storedZlib(raw)),
		chunk('IEND', Buffer.alloc(0)),
	];
}

/**
 * The byte size pngParts will produce, without drawing: signature, IHDR, IDAT (zlib header,
 * 5-byte stored block headers, raw rows, Adler-32) and IEND.
 * @param {{ width: number, height: number }} spec
 */
function pngSize({ width, height }) {
	const raw = height * (1 + width * 3);
	return 8 + 25 + 12 + 2 + 5 * Math.ceil(raw / 65535) + raw + 4 + 12;
}

module.exports = { pngParts, pngSize, crc32 };
