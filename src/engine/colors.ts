/**
 * picocolors, with FORCE_COLOR read the way Node reads it. picocolors treats any non-empty
 * FORCE_COLOR as "on", so FORCE_COLOR=0 (which this CLI itself passes to the processes it starts
 * to mean "no colour") turned colour on. NO_COLOR still wins, as picocolors has it.
 */

import picocolors from 'picocolors';

const force = process.env.FORCE_COLOR;
const pc = picocolors.createColors(force === '0' || force === 'false' ? false : picocolors.isColorSupported);

export default pc;
