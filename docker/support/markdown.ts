/** What the docs' variable tables say, read from their Markdown. */

/**
 * The variable names in the first column of the first table after `heading` (a whole heading
 * line, like `### The backend`): every `NAME` in backticks of that cell, so one row may name a few.
 */
export function tableVariables(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const names: string[] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.push(match[1] ?? '');
  }
  if (names.length === 0) throw new Error(`no variable table under "${heading}"`);
  return names;
}

/**
 * The `NAME=value` assignments of the first shell command in a ```bash block that runs `command`
 * (lines joined at their trailing backslashes; quotes removed).
 */
export function commandAssignments(markdown: string, command: string): Record<string, string> {
  const blocks = [...markdown.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  for (const block of blocks) {
    const logical = block.replace(/\\\n\s*/g, ' ').split('\n');
    const line = logical.find((candidate) => candidate.includes(command));
    if (line === undefined) continue;
    const assignments: Record<string, string> = {};
    const words = line.slice(0, line.indexOf(command)).match(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g);
    for (const word of words ?? []) {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(word);
      if (match?.[1]) assignments[match[1]] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    }
    return assignments;
  }
  throw new Error(`no bash block runs ${command}`);
}
