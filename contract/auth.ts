/** GET /api/me, GET /api/my-team-tag, POST /api/login, POST /api/logout. */
import { z } from 'zod';
import { Role, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

export const MeResponse = z.object({
  logged_in: z.boolean(),
  username: z.string().nullable(),
  role: Role.nullable(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const MyTeamTagResponse = z.object({ teamTag: z.string().nullable() });
export type MyTeamTagResponse = z.infer<typeof MyTeamTagResponse>;

export const LoginBody = z
  .object({
    username: z.string().trim().max(100, 'Login failed').default(''),
    password: z.string().max(1000, 'Login failed').default(''),
  })
  .refine((b) => b.username !== '' && b.password !== '', 'Username and password required');
export type LoginBody = z.input<typeof LoginBody>;
export const LoginResponse = z.object({ success: z.literal(true), username: z.string(), role: Role });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LogoutResponse = z.object({ success: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

export const me = endpoint({ method: 'GET', path: '/api/me', cache: 'none', ok: MeResponse, tags: ['auth'] });

export const myTeamTag = endpoint({
  method: 'GET',
  path: '/api/my-team-tag',
  cache: 'none',
  ok: MyTeamTagResponse,
  tags: ['auth'],
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  body: LoginBody,
  ok: LoginResponse,
  errors: errorAnswers(400, 401, 429),
  tags: ['auth'],
});

export const logout = endpoint({ method: 'POST', path: '/api/logout', ok: LogoutResponse, tags: ['auth'] });
