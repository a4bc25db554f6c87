'use strict';

const { Readable } = require('node:stream');

/**
 * A file as a list of parts: fixed buffers, or generated runs that fill any window on demand.
 * Streaming walks the parts in 64 KiB chunks, so a 256 MiB attachment never sits in memory.
 * @typedef {Buffer | { length: number, fill: (target: Buffer, offset: number) => void }} Part
 */

const CHUNK = 64 * 1024;

/** @param {Part[]} parts */
function* chunksOf(parts) {
	for (const part of parts) {
		if (Buffer.isBuffer(part)) {
			for (let at = 0; at < part.length; at += CHUNK) yield part.subarray(at, at + CHUNK);
			continue;
		}
		for (let at = 0; at < part.length; at += CHUNK) {
			const chunk = Buffer.allocUnsafe(Math.min(CHUNK, part.length - at));
			part.fill(chunk, at);
			yield chunk;
		}
	}
}

/**
 * @param {Part[]} parts
 * @returns {{ size: number, open: () => import('node:stream').Readable }}
 */
function fileOf(parts) {
	return {
		size: parts.reduce((sum, part) => sum + part.length, 0),
		open: () => Readable.from(chunksOf(parts), { objectMode: false }),
	};
}

/** A fast integer mixer (murmur3 finaliser): position → pseudo-random word, no state to carry. */
function mix(x) {
	x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
	x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
	return (x ^ (x >>> 16)) >>> 0;
}

module.exports = { fileOf, mix };
