/**
 * The framework's skills as this server's copies of them say it: written for the framework's own
 * template (bun, its scripts, definitions created and registered by hand), they are copied with
 * their package-manager commands in the project's (`bun run devcheck` → `npm run devcheck`) and,
 * for the skills that cover what mcp-scaffold does, a note right after the front matter that
 * routes that work through it. `metadata` stays as the package has it: the framework's skill sync
 * compares versions, and its version check only looks at a body that differs from the one
 * committed, which init's first commit holds (skill-versions.ts covers a refresh).
 */

import { type PackageManager, packageManagerInfo } from '../project/package-manager.js';
import { codeNotes, type SkillFramework } from './skill-code-notes.js';

export interface SkillSetting {
  /** The project's package manager, whose commands the copies give. */
  pm: PackageManager;
  /** How the project's docs run mcp-scaffold (launcher.ts): `npx mcp-scaffold`, `mcp-scaffold`… */
  scaffold: string;
  /** The scripts of the project's package.json. */
  scripts: readonly string[];
  /** The installed framework, where the notes about a skill's code depend on it. */
  framework?: SkillFramework;
}

/** The framework template's scripts that have another name here, where that one exists. */
const SAME_SCRIPT: Record<string, string> = { rebuild: 'build', 'test:all': 'test' };

/** bun's commands that have a plain counterpart in each other package manager. */
const COMMANDS: Record<Exclude<PackageManager, 'bun'>, Record<string, string>> = {
  npm: {
    install: 'npm install',
    add: 'npm install',
    outdated: 'npm outdated',
    audit: 'npm audit',
    publish: 'npm publish',
    'pm ls': 'npm ls',
  },
  pnpm: {
    install: 'pnpm install',
    add: 'pnpm add',
    outdated: 'pnpm outdated',
    audit: 'pnpm audit',
    publish: 'pnpm publish',
    'pm ls': 'pnpm ls',
  },
  yarn: {
    install: 'yarn install',
    add: 'yarn add',
    outdated: 'yarn outdated',
    audit: 'yarn audit',
    publish: 'yarn publish',
    'pm ls': 'yarn list',
  },
};

/**
 * What a skill that covers mcp-scaffold's work says to do instead, by skill name; `steps` when the
 * page's own steps create definition files or registrations, which the note then sets aside.
 */
const ROUTES: Record<string, { steps: boolean; route: (s: SkillSetting) => string }> = {
  'add-tool': {
    steps: true,
    route: ({ scaffold, pm }) =>
      `Create and register a tool with \`${scaffold} add tool <prefix>_<verb>_<noun> --json\` (with \`--service\`, \`--confirm\`, \`--task\`, \`--app\`, typed \`--input\`/\`--output\` fields for the kinds of tool this page describes): it writes the definition and its test, registers it, and runs \`${run(pm)} devcheck\`.`,
  },
  'add-app-tool': {
    steps: true,
    route: ({ scaffold }) =>
      `Create an app tool with \`${scaffold} add tool <prefix>_<verb>_<noun> --app --json\`: it writes the app tool and its \`ui://\` app resource with their tests and registers both.`,
  },
  'add-resource': {
    steps: true,
    route: ({ scaffold }) =>
      `Create and register a resource with \`${scaffold} add resource <name> --uri '<scheme>://<path>/{<param>}' --json\`: it writes the definition and its test and registers it.`,
  },
  'add-prompt': {
    steps: true,
    route: ({ scaffold }) =>
      `Create and register a prompt with \`${scaffold} add prompt <prefix>_<name> --json\`: it writes the definition and its test and registers it.`,
  },
  'add-service': {
    steps: true,
    route: ({ scaffold }) =>
      `Create a service with \`${scaffold} add service <domain> --json\`: it writes the service, its types and its test, and calls its \`init…()\` in \`setup()\`; \`${scaffold} add tool <name> --service <domain>\` writes a tool that calls it.`,
  },
  'add-test': {
    steps: true,
    route: ({ scaffold }) =>
      `Write the test of a definition that has none with \`${scaffold} add test <definition> --json\`: it writes it where the project's tests go and runs it.`,
  },
  setup: {
    steps: true,
    route: ({ scaffold }) =>
      `This server was made by \`${scaffold} init\`, not the framework's own \`init\`: AGENTS.md lists its files and scripts (scripts/devcheck.ts runs on Node). Take a starter definition out with \`${scaffold} remove <kind> <name>\` and rename one with \`${scaffold} rename <kind> <old> <new>\`, which edit its registration and its test with it; add definitions as the notes of the add-* skills say.`,
  },
  maintenance: {
    steps: false,
    route: ({ scaffold }) =>
      `Move to a new framework release with \`${scaffold} upgrade\` (its codemods, the install, and the skills refreshed), and after any other install of the framework refresh \`skills/\` with \`${scaffold} init\` in this folder. scripts/devcheck.ts and scripts/lint-mcp.ts are mcp-scaffold's: do not copy the package's scripts/ over them (Phase C).`,
  },
};

/** What the note says after a route whose page creates or registers definitions by its own steps. */
const BY_HAND =
  'Do not create, register, rename or delete definition files by hand, even where the steps below say so: use this page for what goes inside the files mcp-scaffold writes (AGENTS.md and skills/mcp-scaffold/SKILL.md say more).';

const run = (pm: PackageManager) => packageManagerInfo(pm).run;

/**
 * `text` with bun's commands in the project's package manager's words, and the template's scripts
 * that have another name here (`rebuild` → `build`) under that name.
 */
function inPackageManager(text: string, setting: SkillSetting): string {
  const { run: runWord, argsSeparator } = packageManagerInfo(setting.pm);
  const scripts = new Set(setting.scripts);
  const scriptsDone = text.replace(/\bbun run ([\w:.*/-]+)( -)?/g, (_, script: string, flag: string | undefined) => {
    const same = SAME_SCRIPT[script];
    const name = !scripts.has(script) && same && scripts.has(same) ? same : script;
    return `${runWord} ${name}${flag ? ` ${argsSeparator}-` : ''}`;
  });
  if (setting.pm === 'bun') return scriptsDone;
  const commands = COMMANDS[setting.pm];
  return scriptsDone
    .replace(/\bbun run\b/g, runWord)
    .replace(/\bbun (install|add|outdated|audit|publish|pm ls)\b/g, (_, command: string) => commands[command]!);
}

/** The scripts `text` runs (`npm run <script>`) that the project does not have. */
function missingScripts(text: string, setting: SkillSetting): string[] {
  const runWord = run(setting.pm).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = [...text.matchAll(new RegExp(`\\b${runWord} ([\\w:.*/-]+)`, 'g'))].map((m) => m[1]!);
  return named.filter((s) => !setting.scripts.includes(s));
}

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n/;

function noteFor(name: string, files: readonly { path: string; content: string }[], setting: SkillSetting) {
  const route = ROUTES[name];
  const missing = [...new Set(files.flatMap((f) => missingScripts(f.content, setting)))].sort();
  const code = codeNotes(name, setting.framework);
  if (!route && missing.length === 0 && code.length === 0) return undefined;
  const sentences: string[] = [];
  if (route) sentences.push(`**In this server:** ${route.route(setting)}${route.steps ? ` ${BY_HAND}` : ''}`);
  sentences.push(...code);
  if (missing.length > 0) {
    const list = missing.map((s) => `\`${run(setting.pm)} ${s}\``).join(', ');
    sentences.push(
      `${list} ${missing.length === 1 ? 'names a script' : 'name scripts'} of the framework's own template that this server does not have.`,
    );
  }
  return `> ${sentences.join('\n>\n> ')}\n`;
}

/**
 * The copies of one skill's files as this project's: commands in its package manager, and the
 * note, if the skill has one, after the front matter of its SKILL.md.
 */
export function adaptSkill<F extends { path: string; content: string }>(
  name: string,
  files: readonly F[],
  setting: SkillSetting,
): F[] {
  const adapted = files.map((f) =>
    f.path.endsWith('.md') ? { ...f, content: inPackageManager(f.content, setting) } : f,
  );
  const note = noteFor(name, adapted, setting);
  if (!note) return adapted;
  return adapted.map((f) => {
    if (f.path !== `skills/${name}/SKILL.md`) return f;
    const front = FRONT_MATTER.exec(f.content)?.[0] ?? '';
    return { ...f, content: `${front}\n${note}${f.content.slice(front.length)}` };
  });
}
