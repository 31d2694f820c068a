/**
 * The user dialog (docs/product.md §4 "User dialog mode"): closed, add, edit or password. Add starts empty
 * with role teamadmin; edit and password start from the user, the password blank. The checks give
 * the spec's messages before anything is sent.
 */
import type { Role } from '../../../contract/common';
import { passwordProblem } from '../../../contract/password-rules';
import type { CreateUserBody, UpdateUserBody, UserRow } from '../../../contract/users';

export type UserDialogMode = 'closed' | 'add' | 'edit' | 'password';

export interface UserFormValues {
  username: string;
  password: string;
  role: Role;
  /** The linked racer's user ID, '' for none. */
  userID: string;
  /** The team a teamadmin manages, '' for none (such a teamadmin manages nothing). */
  teamTag: string;
}

export function userFormValues(user: UserRow | null): UserFormValues {
  if (!user) return { username: '', password: '', role: 'teamadmin', userID: '', teamTag: '' };
  return {
    username: user.username,
    password: '',
    role: user.role,
    userID: user.userID ?? '',
    teamTag: user.teamTag ?? '',
  };
}

export function userFormProblem(mode: UserDialogMode, v: UserFormValues): string | null {
  if (mode === 'add' && (!v.username.trim() || !v.password)) return 'Username and password required';
  if (mode === 'edit' && !v.username.trim()) return 'Username required';
  if (mode === 'password' && !v.password) return 'Password required';
  if (mode === 'add' || mode === 'password') return passwordProblem(v.password);
  return null;
}

export function createBody(v: UserFormValues): CreateUserBody {
  return {
    username: v.username.trim(),
    password: v.password,
    role: v.role,
    userID: v.userID || null,
    teamTag: v.teamTag || null,
  };
}

export function editBody(v: UserFormValues): UpdateUserBody {
  return { username: v.username.trim(), role: v.role, userID: v.userID || null, teamTag: v.teamTag || null };
}

export function passwordBody(v: UserFormValues): UpdateUserBody {
  return { password: v.password };
}

/** "Add failed", "Edit failed", "Password change failed": the fallback when the server sent no text. */
export const FAILURE_TEXT: Record<Exclude<UserDialogMode, 'closed'>, string> = {
  add: 'Add failed',
  edit: 'Edit failed',
  password: 'Password change failed',
};
