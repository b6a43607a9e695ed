/**
 * AGENTS.md and CLAUDE.md name the framework range the server is on (init writes it there): an
 * upgrade moves that name with package.json, or an agent reading them works to the old line.
 */

import { FRAMEWORK } from '../../project/project.js';

/** The notes for coding agents init writes, both naming the range. */
export const AGENT_NOTES = ['AGENTS.md', 'CLAUDE.md'] as const;

/** The text with each mention of the framework at range `from` naming range `to` instead. */
export function retargetAgentNotes(text: string, from: string, to: string): string {
  return text.split(`\`${FRAMEWORK}\` ${from}`).join(`\`${FRAMEWORK}\` ${to}`);
}
