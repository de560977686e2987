/**
 * A person's roles as the roles screen lists them, one line each with its own 'Retirar': the
 * roles of the centre, then Monitor(a) once per class given (decision 098). Pure.
 */
import type { StaffRevokeRequest, StaffRoleClass, StaffRolesResponse } from '@centro/contracts';
import { roleLabels } from '~/lib/staff/copy';

type Person = StaffRolesResponse['people'][number];

export interface RoleLine {
  /** Unique within the person. */
  key: string;
  /** "Secretaria", or "Monitor(a) de Passe (Turma 2027/1)". */
  label: string;
  /** What 'Retirar' sends. */
  revoke: StaffRevokeRequest;
  /** Coordenação through ADMIN_EMAILS: it cannot be taken back here. */
  fixed: boolean;
}

/** "Monitor(a) de Passe (Turma 2027/1)": class names say 'Turma' themselves. */
export const monitorLabel = (c: Pick<StaffRoleClass, 'name' | 'title'>): string =>
  `${roleLabels.monitor} de ${c.title} (${c.name})`;

/** A class in the grant form's list: "Passe — 2027.1". */
export const classOption = (c: Pick<StaffRoleClass, 'name' | 'title'>): string =>
  `${c.title} — ${c.name}`;

export function roleLines(person: Person): RoleLine[] {
  const centre = person.roles
    .filter((role) => role !== 'monitor')
    .map((role) => ({
      key: role,
      label: roleLabels[role],
      revoke: { personId: person.id, role },
      fixed: person.admin && role === 'coordenacao',
    }));
  const classes = person.monitors.map((c) => ({
    key: `monitor:${c.id}`,
    label: monitorLabel(c),
    revoke: { personId: person.id, role: 'monitor' as const, classId: c.id },
    fixed: false,
  }));
  return [...centre, ...classes];
}
