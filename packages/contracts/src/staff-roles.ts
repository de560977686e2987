/**
 * The staff's roles in the API: who the signed-in person is in the staff area, the roles granted,
 * and granting and revoking one. Coordenação, Secretaria and Comunicação are granted for the whole
 * centre; Monitor(a) for one class at a time, and a person may monitor several (decision 098).
 * Split from staff.ts, which holds the rest of the staff area.
 */
import { z } from 'zod';
import { directoryIdSchema } from './api.js';
import { staffRoleSchema } from './staff.js';
import { staffClassSchema } from './staff-classes.js';

/** The roles granted for the whole centre (every role but Monitor(a)). */
export const centreRoleSchema = staffRoleSchema.exclude(['monitor']);
export type CentreRoleName = z.infer<typeof centreRoleSchema>;

/** A class a monitor was given: its course and the class as staff see it. */
export const staffMonitoredClassSchema = z.object({
  slug: z.string(),
  /** The course's title. */
  title: z.string(),
  class: staffClassSchema,
});
export type StaffMonitoredClass = z.infer<typeof staffMonitoredClassSchema>;

/** GET /api/staff/me */
export const staffMeResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(staffRoleSchema),
  /** The classes the person monitors (course title, then class), none unless a monitor. */
  classes: z.array(staffMonitoredClassSchema),
});
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;

/** A class named in the roles: its id, course and name. */
export const staffRoleClassSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** The course's title. */
  title: z.string(),
  name: z.string(),
});
export type StaffRoleClass = z.infer<typeof staffRoleClassSchema>;

/** GET /api/staff/roles */
export const staffRolesResponseSchema = z.object({
  people: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      roles: z.array(staffRoleSchema),
      /** Coordenação through ADMIN_EMAILS (cannot be removed here). */
      admin: z.boolean(),
      /** The classes the person monitors (Monitor(a) is in `roles` when there is one). */
      monitors: z.array(staffRoleClassSchema),
    }),
  ),
  /** The classes a monitor may be given: every class not concluded, by course title. */
  classes: z.array(staffRoleClassSchema),
});
export type StaffRolesResponse = z.infer<typeof staffRolesResponseSchema>;

const CLASS_REQUIRED = 'Escolha a turma.';
const monitorClassSchema = z.uuid({ error: CLASS_REQUIRED });

/** POST /api/staff/roles/grant: a role for the centre, or Monitor(a) of one class. */
export const staffGrantRequestSchema = z.discriminatedUnion('role', [
  z.strictObject({
    email: z.string().trim().toLowerCase().email({ error: 'E-mail inválido.' }).max(254),
    role: centreRoleSchema,
  }),
  z.strictObject({
    email: z.string().trim().toLowerCase().email({ error: 'E-mail inválido.' }).max(254),
    role: z.literal('monitor'),
    classId: monitorClassSchema,
  }),
]);
export type StaffGrantRequest = z.infer<typeof staffGrantRequestSchema>;

/** POST /api/staff/roles/revoke: a role for the centre, or Monitor(a) of one class. */
export const staffRevokeRequestSchema = z.discriminatedUnion('role', [
  z.strictObject({ personId: directoryIdSchema, role: centreRoleSchema }),
  z.strictObject({
    personId: directoryIdSchema,
    role: z.literal('monitor'),
    classId: monitorClassSchema,
  }),
]);
export type StaffRevokeRequest = z.infer<typeof staffRevokeRequestSchema>;
