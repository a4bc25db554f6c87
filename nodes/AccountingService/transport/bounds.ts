import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

const MiB = 1024 * 1024;

/**
 * How long one attempt of a request may take in all, and how large its answer may be. n8n's own
 * `timeout` is an idle timer (it fires only when the connection stays silent), and n8n reads
 * every answer whole whatever its size (`maxContentLength` is always Infinity), so a service
 * that sends one byte a minute, or a page of a gigabyte, would hold or exhaust the process.
 */
export interface RequestBounds {
	/** A JSON answer, from sending the request to the answer's last byte. */
	answerMs: number;
	/** A JSON answer's bytes (after decompression). */
	answerBytes: number;
	/** A file (attachment, PDF), from sending the request to the file's last byte. */
	fileMs: number;
	/** A file's bytes. */
	fileBytes: number;
	/** The JSON answers of one read of a list, all its pages and readings together. */
	readBytes: number;
}

/**
 * - 2 minutes for a JSON answer: the service answers a page of 200 in seconds; anything near
 *   two minutes is a service or a proxy that is stuck, and the request is better failed (and
 *   the run repeated) than left hanging.
 * - 32 MiB for a JSON answer: the largest page the sandbox renders (200 sales invoices with
 *   attributes=all, their lines included) is about 0.8 MB; 32 MiB leaves room for records with
 *   many lines and long texts, and is small enough to hold a few at once.
 * - 10 minutes and 50 MiB for a file: an attachment is at most 2.5 MiB (the service's limit),
 *   a rendered PDF of a long document a few MiB; 10 minutes lets 50 MiB arrive at about 85 kB/s.
 * - 1 GiB for the pages of one read: a read keeps every page until its last, and a `$total` within
 *   the records a read accepts, in pages each within 32 MiB, adds up to more than a process holds.
 *   100,000 sales invoices with every attribute are about 400 MB; records parsed take two to three
 *   times their text, so a read near the bound needs an n8n given a few GiB.
 */
export const DEFAULT_REQUEST_BOUNDS: Readonly<RequestBounds> = Object.freeze({
	answerMs: 120_000,
	answerBytes: 32 * MiB,
	fileMs: 600_000,
	fileBytes: 50 * MiB,
	readBytes: 1024 * MiB,
});

/** The bounds in force: the defaults, which tests shrink (`useRequestBounds`) so as not to wait minutes. */
export const requestBounds: RequestBounds = { ...DEFAULT_REQUEST_BOUNDS };

/** Sets some bounds; returns what puts the previous ones back. */
export function useRequestBounds(bounds: Partial<RequestBounds>): () => void {
	const previous = { ...requestBounds };
	Object.assign(requestBounds, bounds);
	return () => Object.assign(requestBounds, previous);
}

/** A request broke one of the bounds: never repeated, since the same answer would break it again. */
export class BoundExceeded extends NodeApiError {}

const describe = (method: string, path: string) => `${method} ${path.split('?')[0]}`;
const mebibytes = (bytes: number) => `${Math.round((bytes / MiB) * 100) / 100} MiB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function readTooLarge(node: INode, what: { path: string; bytes: number; itemIndex?: number }) {
	return new BoundExceeded(node, { status: null } as JsonObject, {
		message: `The list ${what.path.split('?')[0]} came to more than ${mebibytes(what.bytes)} of answers in one read`,
		description:
			'A read keeps every page until its last, and this one would hold more than an n8n process should. ' +
			'Narrow it with filters (dates, a status, a contact), or choose fewer fields (Select Included Fields).',
		itemIndex: what.itemIndex,
	});
}

export function tooSlow(node: INode, what: { method: string; path: string; ms: number; itemIndex?: number }) {
	return new BoundExceeded(node, { status: null } as JsonObject, {
		message: `The service did not finish answering ${describe(what.method, what.path)} within ${seconds(what.ms)}`,
		description:
			'The node bounds the whole time of every request (n8n’s own timeout only notices a connection that stays ' +
			'silent): an answer that arrives this slowly, or never ends, is given up. Try again later.',
		itemIndex: what.itemIndex,
	});
}

/** A renewal of the access token (n8n's own request to the token endpoint) that took longer than `ms`. */
export function renewalTooSlow(node: INode, ms: number) {
	return new BoundExceeded(node, { status: null } as JsonObject, {
		message: `The service's token endpoint did not finish renewing the access token within ${seconds(ms)}`,
		description:
			'The node bounds the whole time of a renewal as of every request: an answer that arrives this slowly, or ' +
			'never ends, is given up. Try again later.',
	});
}

export function tooLarge(node: INode, what: { method: string; path: string; bytes: number; itemIndex?: number }) {
	return new BoundExceeded(node, { status: null } as JsonObject, {
		message: `The service's answer to ${describe(what.method, what.path)} is larger than ${mebibytes(what.bytes)}`,
		description:
			'The node reads answers up to this size only, so that one answer cannot exhaust n8n’s memory. For a list, ' +
			'ask for fewer records per page or fewer attributes.',
		itemIndex: what.itemIndex,
	});
}

/** A body being read: what the deadline ends. */
export interface Destroyable {
	destroy(error?: Error): void;
}

/** An answer that arrived after its deadline: its body, if a stream, is ended rather than left open. */
function destroyLate(value: unknown): void {
	const body = (value as { body?: Partial<Destroyable> } | undefined)?.body;
	if (typeof body?.destroy === 'function') body.destroy();
}

/**
 * The time left to one attempt: its signal aborts the request (before the answer's headers),
 * `watch` ends a body being read (after them). It runs on the runtime's own timer
 * (`AbortSignal.timeout`), which holds no process open; `clear` stops listening to it once the
 * answer is read.
 */
export class Deadline {
	private readonly controller = new AbortController();
	private readonly timeout: AbortSignal;
	private readonly watched = new Set<Destroyable>();
	private readonly onTimeout = () => this.expire();
	expired = false;

	constructor(
		ms: number,
		private readonly error: () => Error,
	) {
		this.timeout = AbortSignal.timeout(ms);
		this.timeout.addEventListener('abort', this.onTimeout, { once: true });
	}

	get signal(): AbortSignal {
		return this.controller.signal;
	}

	watch<T extends Destroyable>(stream: T): T {
		this.watched.add(stream);
		return stream;
	}

	clear(): void {
		this.timeout.removeEventListener('abort', this.onTimeout);
		this.watched.clear();
	}

	/**
	 * `work`, or the deadline's error once it has passed. For what n8n does without the signal
	 * (its own token renewal, also inside a request it signs), which the signal cannot end: what
	 * `work` gives after the deadline is dropped, a stream in it destroyed.
	 */
	async race<T>(work: Promise<T>): Promise<T> {
		return await new Promise<T>((resolve, reject) => {
			const expired = () => reject(this.error());
			if (this.expired) return expired();
			this.controller.signal.addEventListener('abort', expired, { once: true });
			work.then(
				(value) => {
					this.controller.signal.removeEventListener('abort', expired);
					if (this.expired) destroyLate(value);
					resolve(value);
				},
				(error: unknown) => {
					this.controller.signal.removeEventListener('abort', expired);
					reject(error);
				},
			);
		});
	}

	private expire(): void {
		this.expired = true;
		// The bodies first: aborting also ends a body being read, with n8n's bare "canceled".
		for (const stream of this.watched) stream.destroy(this.error());
		this.watched.clear();
		this.controller.abort();
	}
}
