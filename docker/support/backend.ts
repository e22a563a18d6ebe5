/** What the containers must agree with, read from the backend itself. */
import { readFile } from 'node:fs/promises';
import { createRequire, registerHooks } from 'node:module';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
import { fromRoot } from './paths.ts';

const CONFIG_FILE = fromRoot('backend', 'src', 'app-settings.ts');

/**
 * The environment variable names the backend reads: every module's settings schema, as the
 * backend's own composition (app-settings.ts) lists them.
 */
export async function backendEnvironmentNames(): Promise<string[]> {
  return (await loadBackendConfig()).environmentVariableNames();
}

interface BackendConfigModule {
  environmentVariableNames(): string[];
  parseConfig(environment: Readonly<Record<string, string | undefined>>): {
    readonly nodeEnv: string;
    readonly host: string;
    readonly port: number;
    readonly trustProxy: boolean;
    readonly corsOrigins: readonly string[];
    readonly auth: { readonly publicUrl: string };
  };
}

let hooksRegistered = false;

/**
 * The backend's own parseConfig, loaded from source: its TypeScript is compiled on import (the
 * backend uses syntax Node's type stripping does not take) and its `./x.js` imports find `x.ts`.
 */
export async function loadBackendConfig(): Promise<BackendConfigModule> {
  if (!hooksRegistered) {
    registerHooks({
      resolve(specifier, context, nextResolve) {
        const fromBackend = context.parentURL?.includes('/backend/src/') === true;
        return fromBackend && specifier.startsWith('.') && specifier.endsWith('.js')
          ? nextResolve(specifier.replace(/\.js$/, '.ts'), context)
          : nextResolve(specifier, context);
      },
      load(url, context, nextLoad) {
        const loaded = nextLoad(url, context);
        if (!url.includes('/backend/src/') || !url.endsWith('.ts')) return loaded;
        const source =
          typeof loaded.source === 'string'
            ? loaded.source
            : new TextDecoder().decode(loaded.source ?? new Uint8Array());
        const { outputText } = ts.transpileModule(source, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
          fileName: url,
        });
        return { ...loaded, format: 'module', source: outputText };
      },
    });
    hooksRegistered = true;
  }
  return (await import(CONFIG_FILE)) as BackendConfigModule;
}

/** The readiness route as the API contract (openapi.yaml) publishes it. */
export async function readinessPath(): Promise<string> {
  const document = parseYaml(await readFile(fromRoot('openapi.yaml'), 'utf8')) as {
    paths: Record<string, { get?: { operationId?: string } }>;
  };
  const entry = Object.entries(document.paths).find(
    ([, operations]) => operations.get?.operationId === 'checkReadiness',
  );
  if (!entry) throw new Error('openapi.yaml has no checkReadiness operation');
  return entry[0];
}

type Middleware = (
  request: object,
  response: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: () => void,
) => void;

/** The names of the security headers the API sends: helmet's defaults, as the backend uses it. */
export function apiSecurityHeaderNames(): string[] {
  const backendRequire = createRequire(fromRoot('backend', 'package.json'));
  const helmet = backendRequire('helmet') as () => Middleware;
  const names: string[] = [];
  const response = {
    setHeader: (name: string) => names.push(name.toLowerCase()),
    removeHeader: () => undefined,
  };
  helmet()({}, response, () => undefined);
  return names;
}
