import { existsSync } from 'node:fs';
import { backendMain, frontendIndex } from './support/stack';

export default function globalSetup(): void {
  const problems = [
    !existsSync(frontendIndex) &&
      `${frontendIndex} is missing: build the frontend first (npm run build -w frontend).`,
    !existsSync(backendMain) &&
      `${backendMain} is missing: build the backend first (npm run build -w backend).`,
    !process.env.MONGODB_URI &&
      'MONGODB_URI is not set: point it at a MongoDB-compatible server (a database whose name contains "test" is created per stack).',
  ].filter((problem) => typeof problem === 'string');
  if (problems.length > 0) throw new Error(`Cannot run the e2e tests:\n- ${problems.join('\n- ')}`);
}
