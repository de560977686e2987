/**
 * The staff area, one screen whose view is in the address's query, so each view can be
 * bookmarked and the Back button works: no query, the courses; `?curso=<slug>` (and `&turma=`
 * a class of it, `&aba=` its tab) a course; `?secao=registro` the record of staff actions, `?secao=funcoes` the roles (Coordenação);
 * `?secao=conteudo` the site's content (Coordenação and Comunicação, who sees only this section);
 * `?secao=relatorios` the reports (Coordenação), loaded when opened; `?secao=semestre` 'Preparar
 * próximo semestre' (Coordenação).
 * Each section is a feature of its own (the classes, the content, the people, the reports); the
 * route composes them into this shell (decision 015: a feature never imports another).
 * A person who is only Monitor(a) sees their classes and nothing else: no tabs, no other course
 * (decision 098).
 * The person's roles come from the API; anyone without one sees the 404 page (after the marks
 * their device still holds are sent, and refused, so they are not kept for ever).
 */
import type { StaffMeResponse, StaffMonitoredClass } from '@centro/contracts';
import { type ComponentType, Suspense, useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fetchStaffMe } from '~/auth/api/staff-roles';
import { DocumentTitle } from '~/components/document-title';
import { NotFoundScreen } from '~/components/signed-in-page';
import { prepareToasts } from '~/components/toasts/notify';
import { roleLabels, STAFF_TITLE } from '~/lib/staff/copy';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';
import '../staff.css';

/** The sections of the staff area, each from its own feature. */
export interface StaffSections {
  /** 'Cursos': the overview, or the course of `?curso=` (and its class, `?turma=`). */
  courses: ComponentType<{ slug: string | null; coordination: boolean }>;
  /** 'Registro de ações' (Coordenação). */
  record: ComponentType;
  /** 'Conteúdo' (Coordenação and Comunicação). */
  content: ComponentType;
  /** 'Funções' (Coordenação). */
  roles: ComponentType;
  /** 'Relatórios' (lazy: its charts load only when it is opened); absent, no such section. */
  reports?: ComponentType;
  /** A monitor's area: the classes given to them, and only those (decision 098). */
  monitor: ComponentType<{ classes: readonly StaffMonitoredClass[] }>;
  /**
   * Sends what this device still holds for the person (the door's queue), so that marks for a
   * class they lost are refused and dropped with a note even when no staff role is left.
   */
  pending: ComponentType;
  /** 'Preparar próximo semestre' (Coordenação; lazy, loaded when opened); absent, no such section. */
  nextTerm?: ComponentType;
}

export function StaffArea({ sections }: { sections: StaffSections }) {
  const call = useApi();
  const me = useLoad(
    useCallback(() => call(fetchStaffMe), [call]),
    'Staff area: loading',
  );
  const { pending: Pending } = sections;
  // Its toasts must show even if the connection drops later.
  useEffect(prepareToasts, []);

  if (me.state === 'loading') {
    return (
      <div className="page staff">
        <DocumentTitle title={STAFF_TITLE} />
        <p role="status">Carregando…</p>
      </div>
    );
  }
  if (me.state === 'failed') {
    return (
      <div className="page staff">
        <DocumentTitle title={STAFF_TITLE} />
        <h1>{STAFF_TITLE}</h1>
        <LoadFailed onRetry={me.reload} />
      </div>
    );
  }
  if (me.data.roles.length === 0) {
    return (
      <>
        <Pending />
        <NotFoundScreen />
      </>
    );
  }
  return <StaffViews me={me.data} sections={sections} />;
}

function StaffViews({ me, sections }: { me: StaffMeResponse; sections: StaffSections }) {
  const { roles } = me;
  const {
    courses: Courses,
    record: Record,
    content: Content,
    roles: Roles,
    reports: Reports,
    monitor: Monitor,
    nextTerm: NextTerm,
  } = sections;
  const [params] = useSearchParams();
  const coordination = roles.includes('coordenacao');
  // Only a monitor: their classes, without the tabs of the centre's sections.
  if (roles.every((role) => role === 'monitor')) {
    return (
      <div className="page staff">
        <DocumentTitle title={STAFF_TITLE} />
        <h1>{STAFF_TITLE}</h1>
        <p className="staff__roles">Sua função: {roleLabels.monitor}</p>
        <Monitor classes={me.classes} />
      </div>
    );
  }
  // Comunicação sees the content only (no participant data); the others see the courses.
  const courses = coordination || roles.includes('secretaria');
  const content = coordination || roles.includes('comunicacao');
  const section = params.get('secao');
  const current =
    (section === 'conteudo' && content) || !courses
      ? 'conteudo'
      : coordination &&
          (section === 'registro' ||
            section === 'funcoes' ||
            (section === 'relatorios' && Reports) ||
            (section === 'semestre' && NextTerm))
        ? section
        : 'cursos';
  const slug = current === 'cursos' ? params.get('curso') : null;

  const tabs = [
    ...(courses ? [{ key: 'cursos', label: 'Cursos', to: '?' }] : []),
    ...(content ? [{ key: 'conteudo', label: 'Conteúdo', to: '?secao=conteudo' }] : []),
    ...(coordination
      ? [
          { key: 'registro', label: 'Registro de ações', to: '?secao=registro' },
          { key: 'funcoes', label: 'Funções', to: '?secao=funcoes' },
          ...(Reports ? [{ key: 'relatorios', label: 'Relatórios', to: '?secao=relatorios' }] : []),
          ...(NextTerm
            ? [{ key: 'semestre', label: 'Próximo semestre', to: '?secao=semestre' }]
            : []),
        ]
      : []),
  ];

  let view;
  if (current === 'conteudo') view = <Content />;
  else if (current === 'funcoes') view = <Roles />;
  else if (current === 'registro') view = <Record />;
  else if (current === 'semestre') {
    view = NextTerm && (
      <Suspense fallback={<p role="status">Carregando a proposta…</p>}>
        <NextTerm />
      </Suspense>
    );
  } else if (current === 'relatorios') {
    view = Reports && (
      <Suspense fallback={<p role="status">Carregando relatórios…</p>}>
        <Reports />
      </Suspense>
    );
  } else view = <Courses slug={slug} coordination={coordination} />;

  return (
    <div className="page staff">
      <DocumentTitle title={STAFF_TITLE} />
      <h1>{STAFF_TITLE}</h1>
      <p className="staff__roles">
        Sua função: {roles.map((role) => roleLabels[role]).join(' e ')}
      </p>
      <nav className="staff__tabs" aria-label="Seções da equipe">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            className="staff__tab"
            to={tab.to}
            aria-current={
              tab.key === current && !(slug && current === 'cursos') ? 'page' : undefined
            }
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {/* Every section but the courses is loaded when opened (the route makes them lazy). */}
      <Suspense fallback={<p role="status">Carregando…</p>}>{view}</Suspense>
    </div>
  );
}
