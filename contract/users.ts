/** GET/POST /api/users, PUT/DELETE /api/users/{id}: staff accounts (admin only). */
import { z } from 'zod';
import { invisibleCharacter } from '../rules/text-safety.js';
import { Role, TeamTag, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { passwordProblem } from './password-rules.js';

export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: Role,
  /** The linked racer's game user ID, as text. */
  userID: z.string().nullable(),
  /** The team a teamadmin manages, granted by an admin; null: none, the teamadmin manages nothing. */
  teamTag: z.string().nullable(),
  /** The linked racer's username when userID matches a known racer (for the racer-page link). */
  racerUsername: z.string().nullable(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type UserRow = z.infer<typeof UserRow>;

export const UsersResponse = z.array(UserRow);
export type UsersResponse = z.infer<typeof UsersResponse>;

/** Empty text or null clears the link; otherwise the game's numeric user ID. */
const UserIdField = z
  .union([z.string().trim().max(20), z.number().int().nonnegative()])
  .nullable()
  .transform((v) => (v === null || v === '' ? null : String(v)))
  .refine((v) => v === null || /^\d{1,15}$/.test(v), 'User ID must be a number');

/** Empty text or null clears it. */
const TeamTagField = z
  .union([z.literal(''), TeamTag])
  .nullable()
  .transform((v) => (v ? v : null));

/** A staff username: what is seen is all there is (no `tool\u200badmin` passing for `tooladmin`). */
const Username = z
  .string()
  .trim()
  .max(100, 'Username is too long')
  .superRefine((name, ctx) => {
    const found = invisibleCharacter(name);
    if (found)
      ctx.addIssue({
        code: 'custom',
        message: `Username must not contain invisible, formatting or control characters (${found})`,
      });
  });
const Password = z.string().max(1000, 'Password is too long');

/** A new password (after the "required" checks) follows the password rules. */
function newPasswordRules(password: string, ctx: z.RefinementCtx): void {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

export const CreateUserBody = z
  .object({
    username: Username.default(''),
    password: Password.default(''),
    role: Role.default('teamadmin'),
    userID: UserIdField.optional(),
    teamTag: TeamTagField.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.username === '' || b.password === '')
      ctx.addIssue({ code: 'custom', message: 'Username and password required' });
    else newPasswordRules(b.password, ctx);
  });
export type CreateUserBody = z.input<typeof CreateUserBody>;

/** Either an edit (username, role, userID, teamTag) or a password change (password only). */
export const UpdateUserBody = z
  .object({
    username: Username.optional(),
    role: Role.optional(),
    userID: UserIdField.optional(),
    teamTag: TeamTagField.optional(),
    password: Password.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.password !== undefined) {
      if (b.password === '') ctx.addIssue({ code: 'custom', message: 'Password required' });
      else if (b.username !== undefined || b.role !== undefined || b.userID !== undefined || b.teamTag !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'Send a password change on its own' });
      } else newPasswordRules(b.password, ctx);
    } else if (!b.username) {
      ctx.addIssue({ code: 'custom', message: 'Username required' });
    }
  });
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const UserIdParams = z.object({
  id: z.coerce.number().int().positive('Unknown user').max(2_147_483_647, 'Unknown user'),
});

export const UserChangeResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type UserChangeResponse = z.infer<typeof UserChangeResponse>;

const refused = errorAnswers(400, 401, 403, 404, 409);

export const users = endpoint({
  method: 'GET',
  path: '/api/users',
  cache: 'none',
  access: 'admin',
  ok: UsersResponse,
  errors: errorAnswers(401, 403),
  tags: ['users'],
});

export const createUser = endpoint({
  method: 'POST',
  path: '/api/users',
  access: 'admin',
  body: CreateUserBody,
  ok: UserChangeResponse,
  errors: refused,
  tags: ['users'],
});

export const updateUser = endpoint({
  method: 'PUT',
  path: '/api/users/:id',
  access: 'admin',
  params: UserIdParams,
  body: UpdateUserBody,
  ok: UserChangeResponse,
  errors: refused,
  tags: ['users'],
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/users/:id',
  access: 'admin',
  params: UserIdParams,
  ok: UserChangeResponse,
  errors: refused,
  tags: ['users'],
});
