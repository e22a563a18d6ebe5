/**
 * What a line of a TypeScript file holds, for `npm run duplicates:count`: a line inside an import
 * (or re-export) statement, a line of a bare declaration (an interface, a type alias, a type's
 * member, a constant naming a literal, a class field without decorators or initializer, a
 * constructor's parameter property, a constructor that only receives its dependencies, a class's
 * heading, a Nest module's `@Module({ … })` metadata), or anything else. The `duplicates` tool
 * passes import lines over but reads the names of a multi-line `import { … }` list as lines, and
 * pairs lists of declarations that happen to line up; the count sets those rows apart (ADR 0060).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export type LineKind = 'import' | 'declaration' | 'other' | 'passed-over';

/** Blank, comment-only or lone-punctuation lines: the tool does not read them either. */
const PASSED_OVER = /^\s*([{}()[\];,]*|\/\/.*|\/\*.*|\*.*)\s*$/;

/** `@Module({ … })`: a Nest module's metadata, the list of what it wires. */
function isModuleMetadata(node: ts.Node): boolean {
  return (
    ts.isDecorator(node) &&
    ts.isCallExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'Module'
  );
}

/** `super();` with nothing passed: what a class extending an abstract port must write. */
function isBareSuperCall(statement: ts.Statement): boolean {
  return (
    ts.isExpressionStatement(statement) &&
    ts.isCallExpression(statement.expression) &&
    statement.expression.expression.kind === ts.SyntaxKind.SuperKeyword &&
    statement.expression.arguments.length === 0
  );
}

/**
 * `constructor(private readonly a: A, …) {}` (or `{ super(); }`): nothing but the injected
 * dependencies.
 */
function isInjectionConstructor(node: ts.Node): boolean {
  return (
    ts.isConstructorDeclaration(node) &&
    node.body !== undefined &&
    node.body.statements.every(isBareSuperCall) &&
    node.parameters.every((parameter) => ts.isParameterPropertyDeclaration(parameter, node))
  );
}

/** A literal: a string, a number, or a list of them (`as const` or not). */
function isLiteralValue(node: ts.Expression): boolean {
  if (ts.isAsExpression(node)) return isLiteralValue(node.expression);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isLiteralValue);
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node)
  );
}

/** `const NAME = 'value';`, `const LIST = ['a', 'b'] as const;`: a name given to literal data. */
function isLiteralConstant(node: ts.Node): boolean {
  return (
    ts.isVariableStatement(node) &&
    (node.declarationList.flags & ts.NodeFlags.Const) !== 0 &&
    node.declarationList.declarations.every(
      (declaration) =>
        declaration.initializer !== undefined && isLiteralValue(declaration.initializer),
    )
  );
}

function isBareDeclaration(node: ts.Node): boolean {
  if (ts.isPropertySignature(node) || ts.isInterfaceDeclaration(node)) return true;
  if (ts.isTypeAliasDeclaration(node) || isLiteralConstant(node)) return true;
  if (isModuleMetadata(node) || isInjectionConstructor(node)) return true;
  if (ts.isPropertyDeclaration(node)) {
    return node.initializer === undefined && !ts.getDecorators(node)?.length;
  }
  if (ts.isParameter(node) && ts.isConstructorDeclaration(node.parent)) {
    return ts.isParameterPropertyDeclaration(node, node.parent);
  }
  return false;
}

function isImportStatement(node: ts.Node): boolean {
  return (
    ts.isImportDeclaration(node) ||
    (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined)
  );
}

/** The kind of every line of the file (index 0 is line 1). */
export function lineKinds(file: string): LineKind[] {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const kinds: LineKind[] = lines.map((line) => (PASSED_OVER.test(line) ? 'passed-over' : 'other'));
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineStarts = source.getLineStarts();
  /** Whether all that is written on `line` lies within start..end, closing punctuation aside. */
  const isWithin = (line: number, start: number, end: number): boolean => {
    const text = lines[line] ?? '';
    const lineStart = lineStarts[line] ?? 0;
    const written = lineStart + text.length - text.trimStart().length;
    const rest = text.slice(Math.max(0, end - lineStart));
    return written >= start && /^[\s;,)\]}]*$/.test(rest);
  };
  const markSpan = (start: number, end: number, kind: LineKind): void => {
    const first = source.getLineAndCharacterOfPosition(start).line;
    const last = source.getLineAndCharacterOfPosition(end).line;
    for (let line = first; line <= last; line += 1) {
      if (kinds[line] === 'other' && isWithin(line, start, end)) kinds[line] = kind;
    }
  };
  const mark = (node: ts.Node, kind: LineKind): void => {
    markSpan(node.getStart(source), node.getEnd(), kind);
  };
  /** A class's decorators and `class X extends Y {`. */
  const markHeading = (node: ts.ClassDeclaration): void => {
    markSpan(node.getStart(source), node.members.pos, 'declaration');
  };
  const visit = (node: ts.Node): void => {
    if (isImportStatement(node)) mark(node, 'import');
    else if (isBareDeclaration(node)) mark(node, 'declaration');
    else {
      if (ts.isClassDeclaration(node)) markHeading(node);
      ts.forEachChild(node, visit);
    }
  };
  visit(source);
  return kinds;
}

/**
 * For the lines the tool reads in `from`..`to` (1-based, inclusive): 'import' when all are import
 * lines, 'declaration' when all are declarations, or declarations after or before imports (a
 * file's head: its imports, then its types); undefined when any is code.
 */
export function runKind(
  kinds: readonly LineKind[],
  from: number,
  to: number,
): 'import' | 'declaration' | undefined {
  const read = kinds.slice(from - 1, to).filter((kind) => kind !== 'passed-over');
  if (read.length === 0) return undefined;
  if (read.every((kind) => kind === 'import')) return 'import';
  if (read.every((kind) => kind === 'declaration' || kind === 'import')) return 'declaration';
  return undefined;
}

/** How many of the lines `from`..`to` (1-based, inclusive) are code: read, and neither import nor declaration. */
export function codeLineCount(kinds: readonly LineKind[], from: number, to: number): number {
  return kinds.slice(from - 1, to).filter((kind) => kind === 'other').length;
}
