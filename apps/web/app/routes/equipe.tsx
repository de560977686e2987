/**
 * /equipe: the staff area, for its roles; a 404 for anyone else. Its sections are features of
 * their own, composed here (decision 015).
 */
import { lazy } from 'react';
import { signedInMeta, signedInScreen } from '~/components/signed-in-page';
import { PendingMarks } from '~/features/door/components/pending-marks';
import { StaffArea, type StaffSections } from '~/features/staff/components/staff-area';
import {
  CoursesSection,
  useCourseTitles,
} from '~/features/staff-classes/components/courses-section';

/*
 * The staff area's first load is the courses' overview (its budget: scripts/check-js-budget.mjs);
 * every other section and tab is loaded when opened.
 */
const AttendancePanel = lazy(() =>
  import('~/features/door/components/attendance-panel').then((m) => ({
    default: m.AttendancePanel,
  })),
);
const DeskEnrolPanel = lazy(() =>
  import('~/features/door/components/desk-enrol-panel').then((m) => ({
    default: m.DeskEnrolPanel,
  })),
);
const MonitorSection = lazy(() =>
  import('~/features/staff-classes/components/monitor-section').then((m) => ({
    default: m.MonitorSection,
  })),
);
const ContentPanel = lazy(() =>
  import('~/features/staff-content/components/content-panel').then((m) => ({
    default: m.ContentPanel,
  })),
);
const ActionRecord = lazy(() =>
  import('~/features/staff-people/components/action-record').then((m) => ({
    default: m.ActionRecord,
  })),
);
const RolesPanel = lazy(() =>
  import('~/features/staff-people/components/roles-panel').then((m) => ({ default: m.RolesPanel })),
);

/** 'Relatórios' and its chart library: loaded when Coordenação opens it, never before. */
const ReportsView = lazy(() => import('~/features/reports/components/reports-view'));
/** 'Preparar próximo semestre': used a couple of times a year, loaded when opened. */
const NextTermView = lazy(() => import('~/features/next-term/components/next-term-view'));

export const staffSections: StaffSections = {
  courses: (props) => (
    <CoursesSection {...props} attendance={AttendancePanel} desk={DeskEnrolPanel} />
  ),
  record: RecordSection,
  content: ContentPanel,
  roles: RolesPanel,
  reports: ReportsView,
  monitor: (props) => <MonitorSection {...props} attendance={AttendancePanel} />,
  pending: PendingMarks,
  nextTerm: NextTermView,
};

/** The record names the courses its actions were about. */
function RecordSection() {
  return <ActionRecord courseTitles={useCourseTitles()} />;
}

function Equipe() {
  return <StaffArea sections={staffSections} />;
}

export const meta = signedInMeta;

/** Signed in only; the staff area itself checks the role (and sets the title). Not prerendered. */
export default signedInScreen(null, Equipe);
