/**
 * The staff area of a person who is only Monitor(a) (decision 098): the classes given to them and
 * nothing else. One class opens at once; several are listed, each opening by `?curso=&turma=`.
 * A class shows its participants (to read: no exports, moves or removals) and its attendance,
 * the door's panel composed by the route.
 */
import type { StaffMonitoredClass } from '@centro/contracts';
import { classStatus } from '@centro/contracts/class-status';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type ClassPanelProps, isReadOnly } from '~/lib/staff/classes';
import { classMessages } from '~/lib/staff/copy';
import { ParticipantsPanel } from './participants-panel';

export interface MonitorSectionProps {
  classes: readonly StaffMonitoredClass[];
  /** 'Presença', a feature of its own (the door), composed by the route. */
  attendance: ComponentType<ClassPanelProps>;
}

const TABS = [
  { key: 'participantes', label: 'Participantes' },
  { key: 'presenca', label: 'Presença' },
] as const;

const classLink = (c: StaffMonitoredClass) =>
  `?curso=${encodeURIComponent(c.slug)}&turma=${encodeURIComponent(c.class.id)}`;

/** The class the address names, else the only one. */
export function monitoredClass(
  classes: readonly StaffMonitoredClass[],
  turma: string | null,
): StaffMonitoredClass | undefined {
  return (
    classes.find((c) => c.class.id === turma) ?? (classes.length === 1 ? classes[0] : undefined)
  );
}

export function MonitorSection({ classes, attendance: Attendance }: MonitorSectionProps) {
  const [params] = useSearchParams();
  const chosen = monitoredClass(classes, params.get('turma'));
  if (!chosen) {
    return (
      <section aria-labelledby="staff-monitor-title">
        <h2 id="staff-monitor-title">Minhas turmas</h2>
        {classes.length === 0 ? (
          <p>Nenhuma turma foi atribuída a você.</p>
        ) : (
          <ul className="plain-list staff__people">
            {classes.map((c) => (
              <li key={c.class.id} className="staff__person">
                <Link to={classLink(c)}>
                  <strong>{c.title}</strong>
                  <br />
                  {c.class.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  const asked = params.get('aba');
  const current = TABS.some((t) => t.key === asked) ? asked : 'participantes';
  const panel: ClassPanelProps = {
    slug: chosen.slug,
    staffClass: chosen.class,
    coordination: false,
    monitor: true,
    onChanged: () => undefined,
  };
  return (
    <section className="staff__course-view" aria-labelledby="staff-course-title">
      {classes.length > 1 && (
        <p>
          <Link to="?">← Minhas turmas</Link>
        </p>
      )}
      <h2 id="staff-course-title">{chosen.title}</h2>
      <p className="staff__figures">
        <span>{chosen.class.name}</span>
        <span>{classStatus(chosen.class, new Date().toISOString()).label}</span>
      </p>
      {isReadOnly(chosen.class) && <p className="staff__notice">{classMessages.readOnly}</p>}
      <nav className="staff__tabs staff__tabs--course" aria-label="Seções da turma">
        {TABS.map((tab) => (
          <Link
            key={tab.key}
            className="staff__tab"
            to={`${classLink(chosen)}&aba=${tab.key}`}
            aria-current={tab.key === current ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {current === 'participantes' && <ParticipantsPanel key={chosen.class.id} {...panel} />}
      {current === 'presenca' && <Attendance key={chosen.class.id} {...panel} />}
    </section>
  );
}
