import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../../contract/users';
import { createBody, editBody, passwordBody, userFormProblem, userFormValues } from './user-form';

const USER: UserRow = {
  id: 3,
  username: 'cap',
  role: 'teamadmin',
  userID: '42',
  teamTag: null,
  racerUsername: 'speedy',
  created_at: '2026-03-01T00:00:00.000Z',
  last_login: null,
};

describe('user form', () => {
  it('opens empty with role teamadmin to add, prefilled with a blank password to edit', () => {
    expect(userFormValues(null)).toEqual({ username: '', password: '', role: 'teamadmin', userID: '', teamTag: '' });
    expect(userFormValues(USER)).toEqual({
      username: 'cap',
      password: '',
      role: 'teamadmin',
      userID: '42',
      teamTag: '',
    });
  });

  it('gives the spec message of each mode', () => {
    const empty = userFormValues(null);
    expect(userFormProblem('add', empty)).toBe('Username and password required');
    expect(userFormProblem('add', { ...empty, username: 'a' })).toBe('Username and password required');
    expect(userFormProblem('add', { ...empty, username: 'a', password: 'b' })).toBe(
      'Password must be at least 12 characters',
    );
    expect(userFormProblem('add', { ...empty, username: 'a', password: 'twelve-chars' })).toBeNull();
    expect(userFormProblem('edit', { ...empty, username: '  ' })).toBe('Username required');
    expect(userFormProblem('password', empty)).toBe('Password required');
    expect(userFormProblem('password', { ...empty, password: 'x' })).toBe('Password must be at least 12 characters');
    expect(userFormProblem('password', { ...empty, password: ' '.repeat(12) })).toBe(
      'Password must be at least 12 characters',
    );
    expect(userFormProblem('password', { ...empty, password: 'long enough pass' })).toBeNull();
    expect(userFormProblem('edit', { ...empty, username: 'a' })).toBeNull();
  });

  it('sends empty links as null, and a password change on its own', () => {
    const v = { ...userFormValues(USER), username: ' cap2 ', userID: '', password: 'secret' };
    expect(createBody(v)).toEqual({
      username: 'cap2',
      password: 'secret',
      role: 'teamadmin',
      userID: null,
      teamTag: null,
    });
    expect(editBody({ ...v, teamTag: 'ALPHA' })).toEqual({
      username: 'cap2',
      role: 'teamadmin',
      userID: null,
      teamTag: 'ALPHA',
    });
    expect(passwordBody(v)).toEqual({ password: 'secret' });
  });
});
