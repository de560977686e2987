/**
 * Prerequisites (decision 061), pure: which courses a course requires (the
 * content's default unless Coordenação set a list), which of them a person still lacks, and whether
 * a list Coordenação typed is one the server keeps.
 */

/** The stored list (JSON of slugs) when Coordenação set one, else the content's default. */
export function requiredCourses(
  defaults: readonly string[] | undefined,
  override: string | null | undefined,
): string[] {
  if (override === null || override === undefined) return [...(defaults ?? [])];
  const parsed: unknown = JSON.parse(override);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * The required courses the person has not concluded, in the list's order; none when they have an
 * exception ('Liberar inscrição') for the course.
 */
export function missingCourses(
  required: readonly string[],
  concluded: ReadonlySet<string>,
  excepted: boolean,
): string[] {
  if (excepted) return [];
  return required.filter((slug) => !concluded.has(slug));
}

/**
 * Why a list for `course` cannot be kept (pt-BR), or null: every slug is another known course, once.
 * A course requiring itself could never be taken.
 */
export function prerequisiteListProblem(
  course: string,
  list: readonly string[],
  known: ReadonlySet<string>,
): string | null {
  if (list.includes(course)) return 'Um curso não pode ser pré-requisito de si mesmo.';
  if (list.some((slug) => !known.has(slug))) return 'Curso desconhecido na lista.';
  if (new Set(list).size !== list.length) return 'Um curso aparece duas vezes na lista.';
  return null;
}
