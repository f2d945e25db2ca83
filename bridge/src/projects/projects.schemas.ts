import { z } from 'zod';
import { httpUrl, isoTimestamp, pathPrefix } from '../http/common-schemas.js';

const name = z.string().trim().min(1).max(200);
const pathList = z.array(pathPrefix).max(100);

export const createProjectBody = z.object({
  name,
  domain: httpUrl,
  preferredSdk: z.string().max(50).optional(),
  includePaths: pathList.optional(),
  excludePaths: pathList.optional(),
});
export type CreateProjectInput = z.output<typeof createProjectBody>;

export const updateProjectBody = z
  .object({
    name: name.optional(),
    domain: httpUrl.optional(),
    preferredSdk: z.string().max(50).nullable().optional(),
    includePaths: pathList.optional(),
    excludePaths: pathList.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one of name, domain, preferredSdk, includePaths, excludePaths.',
  });
export type UpdateProjectInput = z.output<typeof updateProjectBody>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  preferredSdk: z.string().nullable(),
  includePaths: z.array(z.string()),
  excludePaths: z.array(z.string()),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Project = z.output<typeof projectSchema>;
