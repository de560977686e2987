/**
 * One route per screen of the spec. The programme and course pages are listed one by one from the
 * content, so an unknown course address falls through to the 404 page like any other unknown path.
 */
import { index, route, type RouteConfig } from '@react-router/dev/routes';
import {
  allCourses,
  confirmationPath,
  coursePath,
  programmePath,
  programmeSlugs,
} from '@centro/content';

/** "/global-kardec/passe" → "global-kardec/passe" (route paths are relative to the root). */
const relative = (path: string) => path.replace(/^\//, '');

export default [
  index('routes/home.tsx'),
  route('saiba-mais', 'routes/saiba-mais.tsx'),
  route('horarios', 'routes/horarios.tsx'),
  route('contato', 'routes/contato.tsx'),
  route('como-se-inscrever', 'routes/como-se-inscrever.tsx'),
  route('privacidade', 'routes/privacidade.tsx'),
  ...programmeSlugs.map((programme) =>
    route(relative(programmePath(programme)), 'routes/programme.tsx', {
      id: `programme/${programme}`,
    }),
  ),
  ...allCourses().map((course) =>
    route(relative(coursePath(course)), 'routes/course.tsx', {
      id: `course/${course.programme}/${course.slug}`,
    }),
  ),
  // Signed in only (not prerendered; served as the client-rendered shell). Signed out: the 404 page.
  route('perfil', 'routes/perfil.tsx'),
  route('equipe', 'routes/equipe.tsx'),
  ...programmeSlugs.map((programme) =>
    route(relative(confirmationPath(programme)), 'routes/matricula-finalizada.tsx', {
      id: `confirmation/${programme}`,
    }),
  ),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
