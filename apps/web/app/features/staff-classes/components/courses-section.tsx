/** 'Cursos' in the staff area: the centre's recesses and the overview, or the course of `?curso=`. */
import type { ComponentType } from 'react';
import { lazy, Suspense, useCallback } from 'react';
import { useApi } from '~/auth/use-api';
import { LoadFailed } from '~/components/staff/load-failed';
import type { ClassPanelProps } from '~/lib/staff/classes';
import { useLoad } from '~/lib/use-load';
import { fetchOverview } from '../api/get-overview';
import { Overview } from './overview';

/** 'Recessos do centro' (decision 092): loaded after the overview, outside the first load. */
const RecessesPanel = lazy(() =>
  import('./recesses-panel').then((module) => ({ default: module.RecessesPanel })),
);
/** A course's screen and its panels: loaded when a course is opened, not with the overview. */
const CourseView = lazy(() => import('./course-view').then((m) => ({ default: m.CourseView })));

export interface CoursesSectionProps {
  slug: string | null;
  coordination: boolean;
  /** 'Presença', a feature of its own (the door), composed by the route. */
  attendance: ComponentType<ClassPanelProps>;
  /** 'Inscrever no balcão', the door's too. */
  desk: ComponentType<ClassPanelProps>;
}

export function CoursesSection({ slug, coordination, attendance, desk }: CoursesSectionProps) {
  const overview = useOverview();
  if (overview.state === 'loading') return <p role="status">Carregando…</p>;
  if (overview.state === 'failed') return <LoadFailed onRetry={overview.reload} />;
  const course = slug ? overview.data.find((c) => c.slug === slug) : undefined;
  return course ? (
    <Suspense fallback={<p role="status">Carregando…</p>}>
      <CourseView
        key={course.slug}
        course={course}
        coordination={coordination}
        attendance={attendance}
        desk={desk}
        onChanged={overview.reload}
      />
    </Suspense>
  ) : (
    <>
      <Suspense fallback={null}>
        <RecessesPanel coordination={coordination} onChanged={overview.reload} />
      </Suspense>
      <Overview courses={overview.data} coordination={coordination} />
    </>
  );
}

/** The courses' titles by slug (empty until loaded), for screens that name courses. */
export function useCourseTitles(): ReadonlyMap<string, string> {
  const overview = useOverview();
  return new Map(overview.state === 'ready' ? overview.data.map((c) => [c.slug, c.title]) : []);
}

function useOverview() {
  const call = useApi();
  return useLoad(
    useCallback(() => call(fetchOverview), [call]),
    'Staff area: loading',
  );
}
