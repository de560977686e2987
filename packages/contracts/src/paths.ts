/**
 * The API's paths (spec section 7) and the Graph-shaped path of the person, without zod: the
 * server's routes and the website's calls name them from here (`@centro/contracts/paths`).
 */

export const apiPaths = {
  /** GET: an API token, anonymous or bound to the person of a provider's access token. */
  getToken: '/api/auth/get-token',
  /** POST: the person's details. */
  userDetails: '/api/user/details',
  /** POST: one field of the person's details. */
  userUpdate: '/api/user/update',
  /** POST: the birth date, kept as a security attribute. */
  securityAttributes: '/api/user/update/security-attributes',
  /** POST: enrolment, the person joins a course's group. */
  groupAdd: '/api/group/add',
  /** GET: places and places left by course slug. */
  availability: '/api/courses/availability',
  /** GET: every course's classes open for enrolment or opening soon, by course slug. */
  courseClasses: '/api/courses/classes',
  /** GET: the signed-in person's staff roles. */
  staffMe: '/api/staff/me',
  /** GET: the 20 courses for staff. */
  staffCourses: '/api/staff/courses',
  /** GET: roles granted; POST grant / revoke below. */
  staffRoles: '/api/staff/roles',
  staffRolesGrant: '/api/staff/roles/grant',
  staffRolesRevoke: '/api/staff/roles/revoke',
  /** GET: the record of staff actions. */
  staffActions: '/api/staff/actions',
  /** GET: 'Preparar próximo semestre', the proposal; POST: its classes created (Coordenação). */
  staffNextTerm: '/api/staff/next-term',
  /** GET: 'Relatórios', how a year's classes went (Coordenação). */
  staffReports: '/api/staff/reports',
  /** GET ?q=: people found by e-mail or name ('Liberar inscrição'). */
  staffPeople: '/api/staff/people',
  /** GET: the weekly schedule as published; PUT: a new revision of it (Comunicação, Coordenação). */
  staffContentSchedule: '/api/staff/content/schedule',
  /** GET: the schedule as saved in each of its latest revisions. */
  staffContentScheduleHistory: '/api/staff/content/schedule/history',
  /** POST {revision, restore}: an earlier revision of the schedule saved again. */
  staffContentScheduleRestore: '/api/staff/content/schedule/restore',
  /** POST {schedule}: /horarios as it would look, published nowhere. */
  staffContentSchedulePreview: '/api/staff/content/schedule/preview',
  /** GET: the notices ('Avisos') as published; PUT: a new revision of them (Comunicação, Coordenação). */
  staffContentNotices: '/api/staff/content/notices',
  /** GET: the notices as saved in each of their latest revisions. */
  staffContentNoticesHistory: '/api/staff/content/notices/history',
  /** POST {revision, restore}: an earlier revision of the notices saved again. */
  staffContentNoticesRestore: '/api/staff/content/notices/restore',
  /** POST {notices}: the page they show on as it would look, published nowhere. */
  staffContentNoticesPreview: '/api/staff/content/notices/preview',
  /** GET ?document=: a page's texts as published; PUT: a new revision of them (decision 064). */
  staffContentTexts: '/api/staff/content/texts',
  /** GET ?document=: a page's texts as saved in each of its latest revisions. */
  staffContentHistory: '/api/staff/content/history',
  /** POST {document, revision, restore}: an earlier revision saved again as the newest. */
  staffContentRestore: '/api/staff/content/restore',
  /** POST {document, texts}: the page as it would look with these texts, published nowhere. */
  staffContentPreview: '/api/staff/content/preview',
  /** GET: the contact details as published; PUT: a new revision of them (decision 068). */
  staffContentContact: '/api/staff/content/contact',
  /** GET: the contact details as saved in each of their latest revisions. */
  staffContentContactHistory: '/api/staff/content/contact/history',
  /** POST {revision, restore}: an earlier revision of the contact details saved again. */
  staffContentContactRestore: '/api/staff/content/contact/restore',
  /** POST {contact}: /contato as it would look with these details, published nowhere. */
  staffContentContactPreview: '/api/staff/content/contact/preview',
  /** GET: the photos in place; PUT: one uploaded photo for one place (Comunicação, Coordenação). */
  staffContentPhotos: '/api/staff/content/photos',
  /** GET: where the photos were in each of the latest revisions. */
  staffContentPhotosHistory: '/api/staff/content/photos/history',
  /** POST {revision, restore}: an earlier revision of the photos saved again. */
  staffContentPhotosRestore: '/api/staff/content/photos/restore',
  /** POST {revision, slot}: a place back to the site's original illustration. */
  staffContentPhotosRemove: '/api/staff/content/photos/remove',
  /** POST {photos, slot}: the place's page with these photos, published nowhere. */
  staffContentPhotosPreview: '/api/staff/content/photos/preview',
  /** GET: the signed-in person's places and waiting positions (Authorization: Bearer). */
  myEnrolments: '/api/me/enrolments',
  /** POST: the desk's claim code (decision 095). */
  myClaim: '/api/me/claim',
  /** POST {course}: the person gives their place back. */
  myEnrolmentCancel: '/api/me/enrolments/cancel',
  /** POST {course}: the person joins the course's waiting list. */
  myWaitingListJoin: '/api/me/waiting-list/join',
  /** POST {course}: the person leaves the course's waiting list. */
  myWaitingListLeave: '/api/me/waiting-list/leave',
  /** GET: the courses whose opening the person asked to be told about. */
  myOpeningAlerts: '/api/me/opening-alerts',
  /** POST {course}: 'Avise-me quando abrir' (one e-mail when the course's enrolment opens). */
  myOpeningAlert: '/api/me/opening-alert',
  /** POST {course}: the person no longer wants that e-mail. */
  myOpeningAlertCancel: '/api/me/opening-alert/cancel',
  /** GET: everything the product holds about the person, as a JSON download. */
  myData: '/api/me/data',
  myAccount: '/api/me/account',
  myPassword: '/api/me/password',
  /** POST {confirmation}: deletes the person's account and data. */
  myAccountDelete: '/api/me/delete',
  /** POST: 'Sair' ends every token of the person issued until now. */
  mySignOut: '/api/me/sign-out',
  /** GET: the person's certificate of completion of a class, a PDF (decision 094). */
  myCertificate: '/api/me/certificates/:turma',
  /** GET: whether a certificate's verification code is valid, and for whom (public). */
  certificateCheck: '/api/certificates/:code',
} as const;
export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** The person's certificate of completion of the class `classId`. */
export const myCertificatePath = (classId: string) =>
  `/api/me/certificates/${encodeURIComponent(classId)}`;

/**
 * A course's staff paths (`slug` from the content); with `classId`, of that class (`?turma=`),
 * else of the course's current class.
 */
export const staffCoursePaths = (slug: string, classId?: string) => {
  const base = `/api/staff/courses/${encodeURIComponent(slug)}`;
  const q = classId === undefined ? '' : `?turma=${encodeURIComponent(classId)}`;
  return {
    participants: `${base}/participants${q}`,
    remove: (personId: string) => `${base}/participants/${encodeURIComponent(personId)}/remove${q}`,
    /** POST {to}: 'Mover para outra turma' (decision 090). */
    move: (personId: string) => `${base}/participants/${encodeURIComponent(personId)}/move${q}`,
    /** POST {confirm: true}: 'Gerar novo código' for a person enrolled at the desk (decision 095). */
    claimCode: (personId: string) =>
      `${base}/participants/${encodeURIComponent(personId)}/claim-code${q}`,
    exportCsv: `${base}/export.csv${q}`,
    exportXlsx: `${base}/export.xlsx${q}`,
    /** The waiting list's own CSV. */
    exportWaitingCsv: `${base}/lista-de-espera.csv${q}`,
    settings: `${base}/settings${q}`,
    attendance: (meeting: number) => `${base}/attendance/${meeting}${q}`,
    /** POST {code}: whose a QR code read at the door is (decision 097). */
    checkIn: (meeting: number) => `${base}/check-in/${meeting}${q}`,
    /** POST {person}: someone who came to the meeting without a place (decision 096). */
    walkIn: (meeting: number) => `${base}/attendance/${meeting}/walk-in${q}`,
    /** POST {personId} or {person}: 'Inscrever no balcão' (decision 095). */
    deskEnrol: `${base}/desk-enrol${q}`,
    /** GET, PUT: the courses required to enrol (decision 061). */
    prerequisites: `${base}/prerequisites`,
    /** POST {personId}: 'Liberar inscrição'. */
    exceptions: `${base}/exceptions`,
    /** GET: the completions of the course's concluded classes. */
    completions: `${base}/completions`,
    /** POST {concluded, reason}: Coordenação changes one completion. */
    completion: (classId: string, personId: string) =>
      `${base}/completions/${encodeURIComponent(classId)}/${encodeURIComponent(personId)}`,
    /** GET: the course's classes; POST: 'Nova turma'. */
    classList: `${base}/classes`,
    /** POST: 'Abrir inscrições'. */
    open: (id: string) => `${base}/classes/${encodeURIComponent(id)}/open`,
    /** POST: 'Encerrar turma'. */
    conclude: (id: string) => `${base}/classes/${encodeURIComponent(id)}/conclude`,
    /** POST {confirm: true}: 'Reabrir turma' (Coordenação, decision 077). */
    reopen: (id: string) => `${base}/classes/${encodeURIComponent(id)}/reopen`,
    /** POST: 'Enviar mensagem à turma'. */
    classMessages: (classId: string) => `${base}/classes/${encodeURIComponent(classId)}/messages`,
    /** POST: one meeting skipped, cancelled, moved, added or restored (decision 091). */
    meetings: (classId: string) => `${base}/classes/${encodeURIComponent(classId)}/meetings`,
  };
};

/** The centre's recesses (decision 092): GET the list, POST one; POST `remove(id)`. */
export const STAFF_RECESSES_PATH = '/api/staff/recesses';
export const staffRecessRemovePath = (id: string) =>
  `${STAFF_RECESSES_PATH}/${encodeURIComponent(id)}/remove`;

/** The person as the identity provider's Graph (or the built-in provider's stand-in) describes them. */
export const GRAPH_ME_PATH = '/v1.0/me';
