/**
 * One course in the staff area: its classes ('Turmas': the list; 'Nova turma', 'Abrir
 * inscrições' and 'Encerrar turma' for Coordenação) and, for the class chosen (`?turma=<id>`, else
 * the course's current class), its participants, its dates ('Encontros', decision 091), attendance,
 * a message to it and (Coordenação)
 * settings; and, for the course, its prerequisites ('Liberar inscrição') and completions.
 * Each panel of a class takes `ClassPanelProps`; a concluded class's panels show no edit
 * controls (and it gets no message).
 */
import type { StaffCourseSummary } from '@centro/contracts';
import { type ComponentType, lazy, Suspense, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchClasses } from '../api/classes';
import { type ClassPanelProps, chosenClass, isReadOnly } from '~/lib/staff/classes';
import { formatClassMeetings } from '@centro/content/site';
import { classStatus, placesTaken } from '@centro/contracts/class-status';
import { classMessages } from '~/lib/staff/copy';
import { ClassMessageForm } from './class-message-form';
import { ClassesPanel } from './classes-panel';
import { LoadFailed } from '~/components/staff/load-failed';
import { CompletionsPanel } from './completions-panel';
import { PrerequisitesPanel } from './prerequisites-panel';
import { ParticipantsPanel } from './participants-panel';
import { SettingsPanel } from './settings-panel';

/** 'Encontros' (decision 091): loaded when the tab is opened, outside the staff area's first load. */
const MeetingsPanel = lazy(() =>
  import('./meetings-panel').then((module) => ({ default: module.MeetingsPanel })),
);

interface CourseViewProps {
  course: StaffCourseSummary;
  coordination: boolean;
  /** 'Presença' (the door's feature, composed by the route). */
  attendance: ComponentType<ClassPanelProps>;
  /** 'Inscrever no balcão' (the door's feature too, decision 095). */
  desk: ComponentType<ClassPanelProps>;
  /** Something changed the overview's figures (a removal, new settings, a class). */
  onChanged: () => void;
}

export function CourseView({
  course,
  coordination,
  attendance: AttendancePanel,
  desk: DeskPanel,
  onChanged,
}: CourseViewProps) {
  const call = useApi();
  const [params] = useSearchParams();
  const { slug } = course;
  const loaded = useLoad(
    useCallback(() => call((token) => fetchClasses(slug, token)), [call, slug]),
    'Staff area: loading',
  );
  const reloadClasses = loaded.reload;
  const changed = useCallback(() => {
    void reloadClasses();
    onChanged();
  }, [reloadClasses, onChanged]);

  const header = (
    <>
      <p>
        <Link to="?">← Todos os cursos</Link>
      </p>
      <h2 id="staff-course-title">{course.title}</h2>
    </>
  );
  if (loaded.state !== 'ready') {
    return (
      <section className="staff__course-view" aria-labelledby="staff-course-title">
        {header}
        {loaded.state === 'loading' ? (
          <p role="status">Carregando turmas…</p>
        ) : (
          <LoadFailed onRetry={loaded.reload} />
        )}
      </section>
    );
  }

  const { classes, proposal } = loaded.data;
  const chosen = chosenClass(classes, params.get('turma'));
  const tabs = [
    { key: 'turmas', label: 'Turmas' },
    { key: 'participantes', label: 'Participantes' },
    { key: 'encontros', label: 'Encontros' },
    { key: 'presenca', label: 'Presença' },
    // Enrolling at the desk: into a class not concluded (decision 095).
    ...(chosen && !isReadOnly(chosen) ? [{ key: 'balcao', label: 'Inscrever no balcão' }] : []),
    // A concluded class is read-only: no message to it either.
    ...(chosen && !isReadOnly(chosen) ? [{ key: 'mensagem', label: 'Mensagem à turma' }] : []),
    // Of the course, whatever the class.
    { key: 'pre-requisitos', label: 'Pré-requisitos' },
    { key: 'conclusoes', label: 'Conclusões' },
    ...(coordination ? [{ key: 'configuracoes', label: 'Configurações' }] : []),
  ];
  const asked = params.get('aba');
  const current = tabs.some((t) => t.key === asked) ? asked : 'participantes';
  const base = `?curso=${encodeURIComponent(slug)}${chosen ? `&turma=${chosen.id}` : ''}`;
  const panel = chosen && { slug, staffClass: chosen, coordination, onChanged: changed };

  const peopleFirst = current === 'participantes' || current === 'presenca';
  const meetingsLine = chosen && (
    <p className={`staff__meetings${peopleFirst ? ' staff__meetings--below' : ''}`}>
      {formatClassMeetings(chosen.meetings)}
    </p>
  );

  return (
    <section className="staff__course-view" aria-labelledby="staff-course-title">
      {header}
      {chosen && (
        <p className="staff__figures">
          <span>{chosen.name}</span>
          <span>{classStatus(chosen, new Date().toISOString()).label}</span>
          <span>{placesTaken(chosen.taken, chosen.places)}</span>
        </p>
      )}
      {/*
       * When and where the class meets, as its page and e-mails say it (decision 075): above the
       * tabs, except where the door's volunteer needs the first names on a phone's first screen.
       */}
      {chosen && !peopleFirst && meetingsLine}
      {chosen && isReadOnly(chosen) && <p className="staff__notice">{classMessages.readOnly}</p>}
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
      {current === 'turmas' && (
        <ClassesPanel
          slug={slug}
          classes={classes}
          proposal={proposal}
          chosenId={chosen?.id ?? null}
          coordination={coordination}
          onChanged={changed}
        />
      )}
      {panel && current === 'participantes' && <ParticipantsPanel key={chosen.id} {...panel} />}
      {panel && current === 'encontros' && (
        <Suspense fallback={<p role="status">Carregando encontros…</p>}>
          <MeetingsPanel key={chosen.id} {...panel} />
        </Suspense>
      )}
      {/* The door's panels are loaded when their tab is opened (the route makes them lazy). */}
      <Suspense fallback={<p role="status">Carregando…</p>}>
        {panel && current === 'presenca' && <AttendancePanel key={chosen.id} {...panel} />}
        {panel && current === 'balcao' && <DeskPanel key={chosen.id} {...panel} />}
      </Suspense>
      {panel && current === 'configuracoes' && <SettingsPanel key={chosen.id} {...panel} />}
      {panel && current === 'mensagem' && (
        <ClassMessageForm key={chosen.id} slug={slug} classId={chosen.id} className={chosen.name} />
      )}
      {current === 'pre-requisitos' && (
        <PrerequisitesPanel slug={slug} coordination={coordination} />
      )}
      {current === 'conclusoes' && <CompletionsPanel slug={slug} coordination={coordination} />}
      {peopleFirst && meetingsLine}
    </section>
  );
}
