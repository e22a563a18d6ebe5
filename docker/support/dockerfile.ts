/** Just enough of the Dockerfile and .dockerignore formats to check this repository's files. */
import path from 'node:path';

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

/** Instructions with line continuations joined; comments and parser directives dropped. */
export function parseInstructions(text: string): Instruction[] {
  const logicalLines = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return logicalLines.map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

export function parseStages(text: string): Stage[] {
  const stages: { name: string | undefined; instructions: Instruction[] }[] = [];
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const name = /\s+AS\s+(\S+)$/i.exec(instruction.args)?.[1];
      stages.push({ name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

export interface Copy {
  readonly from: string | undefined;
  readonly sources: readonly string[];
  readonly destination: string;
}

export function parseCopy(args: string): Copy {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
}

/** Exec-form (JSON array) arguments of CMD, HEALTHCHECK … CMD, ENTRYPOINT. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new Error(`not an exec-form array: ${args}`);
  }
  return parsed;
}

/** `ENV A=1 B=2` instructions of a stage, merged. */
export function stageEnvironment(stage: Stage): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    for (const [, name = '', value = ''] of args.matchAll(/(\w+)=(\S*)/g)) {
      environment[name] = value;
    }
  }
  return environment;
}

export const instructionsOf = (stage: Stage, keyword: string): Instruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

/**
 * Whether a path of the build context is sent to the builder: docker's rules, where the last
 * matching pattern wins and excluding a directory excludes what is under it.
 */
export function isExcludedFromContext(relativePath: string, dockerignore: string): boolean {
  const patterns = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const normalised = path.posix.normalize(relativePath).replace(/\/$/, '');
  const segments = normalised.split('/');
  const ancestorsAndSelf = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  return ancestorsAndSelf.some((candidate) => {
    let excluded = false;
    for (const pattern of patterns) {
      const negated = pattern.startsWith('!');
      if (path.matchesGlob(candidate, negated ? pattern.slice(1) : pattern)) excluded = !negated;
    }
    return excluded;
  });
}
