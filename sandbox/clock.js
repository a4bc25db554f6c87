'use strict';

/**
 * The sandbox's notion of "now". Tests move it forward instead of waiting, so token
 * lifetimes (300 s access, 31 days refresh, 60 s codes) can be crossed in milliseconds.
 */
function createClock(startMs = Date.now()) {
	let offsetMs = startMs - Date.now();
	return {
		now: () => Date.now() + offsetMs,
		nowSeconds: () => Math.floor((Date.now() + offsetMs) / 1000),
		advance(seconds) {
			if (!Number.isFinite(seconds) || seconds < 0) {
				throw new RangeError('clock can only move forward by a finite number of seconds');
			}
			offsetMs += seconds * 1000;
			return Date.now() + offsetMs;
		},
	};
}

module.exports = { createClock };
