/**
 * One course in the staff area: its participants, attendance, a message to a class,
 * prerequisites ('Liberar inscrição'), completions and (Coordenação) settings.
 */
import type { StaffCourseSummary } from '@centro/contracts';
import { Link, useSearchParams } from 'react-router';
import { stateLabels } from '../copy';
import { AttendancePanel } from './attendance-panel';
import { CompletionsPanel } from './completions-panel';
import { PrerequisitesPanel } from './prerequisites-panel';
import { ClassMessagePanel } from './class-message-panel';
import { ParticipantsPanel } from './participants-panel';
import { SettingsPanel } from './settings-panel';

interface CourseViewProps {
  course: StaffCourseSummary;
  coordination: boolean;
  /** Something changed the overview's figures (a removal, new settings). */
  onChanged: () => void;
}

export function CourseView({ course, coordination, onChanged }: CourseViewProps) {
  const [params] = useSearchParams();
  const base = `?curso=${encodeURIComponent(course.slug)}`;
  const tabs = [
    { key: 'participantes', label: 'Participantes' },
    { key: 'presenca', label: 'Presença' },
    { key: 'mensagem', label: 'Mensagem à turma' },
    { key: 'pre-requisitos', label: 'Pré-requisitos' },
    { key: 'conclusoes', label: 'Conclusões' },
    ...(coordination ? [{ key: 'configuracoes', label: 'Configurações' }] : []),
  ];
  const asked = params.get('aba');
  const current = tabs.some((t) => t.key === asked) ? asked : 'participantes';

  return (
    <section className="staff__course-view" aria-labelledby="staff-course-title">
      <p>
        <Link to="?">← Todos os cursos</Link>
      </p>
      <h2 id="staff-course-title">{course.title}</h2>
      <p className="staff__figures">
        <span>Vagas: {course.places}</span>
        <span>Inscritos: {course.enrolled}</span>
        <span>Lista de espera: {course.waiting}</span>
        <span>{stateLabels[course.state]}</span>
      </p>
      <nav className="staff__tabs staff__tabs--course" aria-label="Seções do curso">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            className="staff__tab"
            to={`${base}&aba=${tab.key}`}
            aria-current={tab.key === current ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {current === 'participantes' && (
        <ParticipantsPanel slug={course.slug} coordination={coordination} onRemoved={onChanged} />
      )}
      {current === 'presenca' && <AttendancePanel slug={course.slug} schedule={course.schedule} />}
      {current === 'mensagem' && <ClassMessagePanel slug={course.slug} />}
      {current === 'pre-requisitos' && (
        <PrerequisitesPanel slug={course.slug} coordination={coordination} />
      )}
      {current === 'conclusoes' && (
        <CompletionsPanel slug={course.slug} coordination={coordination} />
      )}
      {current === 'configuracoes' && <SettingsPanel slug={course.slug} onSaved={onChanged} />}
    </section>
  );
}
