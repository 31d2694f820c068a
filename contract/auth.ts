/** GET /api/me, GET /api/my-team-tag, POST /api/login, POST /api/logout. */
import { z } from 'zod';
import { Role } from './common.js';

export const MeResponse = z.object({
  logged_in: z.boolean(),
  username: z.string().nullable(),
  role: Role.nullable(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const MyTeamTagResponse = z.object({ teamTag: z.string().nullable() });
export type MyTeamTagResponse = z.infer<typeof MyTeamTagResponse>;

export const LoginBody = z.object({
  username: z.string().trim().min(1, 'Username and password required').max(100),
  password: z.string().min(1, 'Username and password required').max(1000),
});
export const LoginResponse = z.object({ success: z.literal(true), username: z.string(), role: Role });
export type LoginResponse = z.infer<typeof LoginResponse>;
