/**
 * Every test file runs the node's transport on a virtual clock (jest setupFiles): waiting for the
 * request budget, for a Retry-After or a backoff moves time forward instead of sleeping, so no
 * test waits in real time for pacing. Time still follows the real clock between waits. Tests
 * about pacing give the transport and the sandbox one clock (`shareClockWith`), so the sandbox
 * counts its rate limit and stamps its log in the same virtual time.
 */
import { useClock } from '../../nodes/AccountingService/state';
import { VirtualClock } from './virtual-clock';

useClock(new VirtualClock(() => Date.now()));
