/**
 * One class, as every enrolment step names it (decision 074): the routes resolve it once (the
 * class a request names or means, the class of the person's place, the class staff chose) and
 * reserve, confirm, release, cancel and remove carry it down. The course and its group come with
 * it because a class's people are members of its course's group in the directory.
 */
export interface ClassRef {
  classId: string;
  courseSlug: string;
  /** The course's group in the directory. */
  groupId: string;
}
