import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth-provider';
import { useAuth } from '../use-auth';

function SessionStatus() {
  const { status, user } = useAuth();
  return <p>{`${status}, user: ${user?.displayName ?? 'none'}`}</p>;
}

describe('useAuth', () => {
  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });

  it('reports a signed-out visitor until the session refresh exists', () => {
    render(
      <AuthProvider>
        <SessionStatus />
      </AuthProvider>,
    );
    expect(screen.getByText('unauthenticated, user: none')).toBeInTheDocument();
  });
});
