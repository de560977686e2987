/**
 * What each staff role may do, pure. Coordenação: everything; Secretaria: sees the lists, exports
 * them, marks attendance, moves a participant to another class at the desk (decision 090), enrols a
 * person at the desk or at the door (decisions 095 and 096), and
 * changes nothing else (no settings, removals or roles);
 * Comunicação: edits the site's content only (no participant data, no course settings);
 * Monitor(a): nothing across the centre, and in each class given to them its participants and its
 * attendance (decision 098).
 */
import type { StaffRoleName } from '@centro/contracts';

export type StaffPermission =
  /** The overview and a course's participants. */
  | 'view'
  /** CSV and .xlsx of a course's participants. */
  | 'export'
  /** Read and mark attendance. */
  | 'attendance'
  /** Read and change a course's settings. */
  | 'settings'
  /** Remove a participant from a course. */
  | 'remove'
  /** 'Mover para outra turma': a participant's place to another class of the course (decision 090). */
  | 'move'
  /**
   * 'Inscrever no balcão' and a walk-in at the door: enrol a person who phones or comes in
   * (decisions 095 and 096).
   */
  | 'desk'
  /** See, grant and revoke roles. */
  | 'roles'
  /** The record of staff actions. */
  | 'actions'
  /** 'Nova turma' and 'Encerrar turma'. */
  | 'classes'
  /** 'Liberar inscrição': one person may enrol without a course's prerequisites (decision 061). */
  | 'exceptions'
  /** 'Enviar mensagem à turma'. */
  | 'message'
  /** 'Relatórios': how a year's classes went, in counts (no person's data). */
  | 'reports'
  /** Edit and publish the site's content: no participant data, no course settings. */
  | 'content';

const PERMISSIONS: Readonly<Record<StaffRoleName, ReadonlySet<StaffPermission>>> = {
  coordenacao: new Set([
    'view',
    'export',
    'attendance',
    'settings',
    'classes',
    'exceptions',
    'message',
    'remove',
    'move',
    'desk',
    'roles',
    'actions',
    'content',
    'reports',
  ]),
  secretaria: new Set(['view', 'export', 'attendance', 'exceptions', 'message', 'move', 'desk']),
  comunicacao: new Set(['content']),
  // Nothing of the centre: what a monitor does is in their classes (IN_A_CLASS).
  monitor: new Set(),
};

/**
 * What Monitor(a) may do in a class given to them, on a route that addresses one class (its
 * `classScope`): read its participants, read and mark its attendance.
 */
const IN_A_CLASS: ReadonlySet<StaffPermission> = new Set(['view', 'attendance']);

/** Whether a monitor may do it in their class. */
export function monitorMay(permission: StaffPermission): boolean {
  return IN_A_CLASS.has(permission);
}

/** The class a request addresses: the course's `:slug`, and `?turma=` as sent (absent: current). */
export interface AskedClass {
  slug: string;
  turma: string | undefined;
}

/** A class a monitor was given, by id and course. */
export interface MonitoredClass {
  classId: string;
  slug: string;
}

/** Whether the class asked for is one the monitor was given (`current`: the course's, no `turma`). */
export function monitorsClass(
  monitors: readonly MonitoredClass[],
  asked: AskedClass,
  current: string | null,
): boolean {
  const id = asked.turma ?? current;
  return monitors.some((m) => m.slug === asked.slug && m.classId === id);
}

/** Whether someone with these roles may do it. */
export function may(roles: readonly StaffRoleName[], permission: StaffPermission): boolean {
  return roles.some((role) => PERMISSIONS[role].has(permission));
}

/** Whether Coordenação is the only role that may do it (its refusal says so). */
export function coordinationOnly(permission: StaffPermission): boolean {
  return !may(['secretaria', 'comunicacao', 'monitor'], permission);
}

/**
 * Whether revoking `role` from the person leaves at least one coordinator: `coordinators` are the
 * people who are Coordenação now (granted in the database or through ADMIN_EMAILS).
 */
export function leavesACoordinator(
  role: StaffRoleName,
  personId: string,
  coordinators: readonly string[],
): boolean {
  if (role !== 'coordenacao') return true;
  return coordinators.some((id) => id !== personId);
}

/** Roles of a person of the built-in provider: those granted, plus Coordenação by ADMIN_EMAILS. */
export function embeddedRoles(
  granted: readonly StaffRoleName[],
  email: string | undefined,
  adminEmails: readonly string[],
): StaffRoleName[] {
  const roles = new Set(granted);
  if (email !== undefined && adminEmails.includes(email.toLowerCase())) roles.add('coordenacao');
  return [...roles].sort();
}

/** Roles from the widest to the narrowest. */
const BY_REACH: readonly StaffRoleName[] = ['coordenacao', 'secretaria', 'comunicacao', 'monitor'];

/** The role a person with these roles acts in, as the staff record keeps it: their widest. */
export function actingRole(roles: readonly StaffRoleName[]): StaffRoleName | null {
  return BY_REACH.find((role) => roles.includes(role)) ?? null;
}

/** A role read back from the record; null when unknown (rows written before roles were kept). */
export function staffRoleOf(value: string | null): StaffRoleName | null {
  return BY_REACH.find((role) => role === value) ?? null;
}
