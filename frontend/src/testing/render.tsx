import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AuthState } from '../lib/auth/auth-context';
import { TestProviders } from './test-providers';

export function renderWithProviders(ui: ReactNode, options: { auth?: AuthState } = {}) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}
