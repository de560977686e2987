/**
 * The islands experiment's browser entry (issue 33 point 3, decision 071): instead of React Router
 * hydrating the whole document, only the interactive parts of a prerendered public page are
 * hydrated, each its own React root: the navigation (sign-in state, 'Acessar'/'Sair', 'Perfil',
 * 'Equipe'), a course page's enrolment box and share buttons, the '/saiba-mais' carousel. The rest of
 * the page stays the prerendered HTML. `bench/web/islands/variant.mjs` wraps each part in a
 * `<centro-island data-island="…">` (`display: contents`) and writes the props beside them.
 *
 * One auth state for all islands: the site's AuthProvider runs in a root with no markup and its
 * value is shared with the islands through a store (separate roots share no context).
 * A prototype to measure, not the product: no toasts, no client-side navigation.
 */
import {
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Link } from 'react-router';
import { AuthContext } from '~/auth/auth-context';
import { AuthProvider } from '~/auth/auth-provider';
import type { AuthContextValue } from '~/auth/types';
import { useAuth } from '~/auth/use-auth';
import { createValueStore } from '~/auth/value-store';
import { AuthButton } from '~/components/auth-button';
import type { AuthSettings } from '~/config/auth-settings';
import { Carousel } from '~/features/about/components/carousel';
import type { CarouselSlide } from '~/features/about/types';
import { PlacesLeft } from '~/features/courses/components/places-left';
import { ShareCourse } from '~/features/courses/components/share-course';
import type { CoursePageData } from '~/features/courses/types';
import { EnrolButton } from '~/features/enrolment/components/enrol-button';
import { MainNav } from '~/features/layout/components/main-nav';
import { HYDRATED_EVENT } from '~/lib/hydration';

/** What variant.mjs writes into the page (`#islands-props`), from the page's loader data. */
interface IslandProps {
  auth: AuthSettings;
  firstCoursePath: string;
  page?: CoursePageData;
  carousel?: { slides: CarouselSlide[]; label: string };
}

const CourseSignedInAction = lazy(() => import('~/routes/course-signed-in-action'));

const props = JSON.parse(
  document.getElementById('islands-props')?.textContent ?? '{}',
) as IslandProps;

const sharedAuth = createValueStore<AuthContextValue | null>(null);

/** Publishes the one AuthProvider's value to the islands. */
function PublishAuth() {
  const value = useContext(AuthContext);
  useLayoutEffect(() => sharedAuth.set(value), [value]);
  return null;
}

function SharedAuth({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(sharedAuth.subscribe, sharedAuth.get, sharedAuth.get);
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The course page's enrolment box as course-page.tsx and routes/course.tsx compose it. */
function EnrolIsland({ page }: { page: CoursePageData }) {
  const { status } = useAuth();
  return (
    <section className="course__enrol enrol" aria-labelledby="inscricao">
      <h2 id="inscricao">Inscrição</h2>
      {page.prerequisite && <p>{page.prerequisite}</p>}
      <PlacesLeft
        slug={page.slug}
        action={(situation) =>
          status === 'signed-in' ? (
            <Suspense fallback={<p role="status">Carregando…</p>}>
              <CourseSignedInAction course={page} {...situation} />
            </Suspense>
          ) : situation.open ? (
            <EnrolButton />
          ) : null
        }
      />
      <p className="enrol__help">
        Primeira vez por aqui? Veja{' '}
        <Link to="/como-se-inscrever">como se inscrever, passo a passo</Link>.
      </p>
    </section>
  );
}

function island(name: string): ReactNode {
  const { page, carousel } = props;
  switch (name) {
    case 'nav':
      return (
        <MainNav
          firstCoursePath={props.firstCoursePath}
          authAction={<AuthButton />}
          markCurrentPage
        />
      );
    case 'enrol':
      return page ? <EnrolIsland page={page} /> : null;
    case 'share':
      return page ? <ShareCourse title={page.title} {...page.share} /> : null;
    case 'carousel':
      return carousel ? <Carousel {...carousel} /> : null;
    default:
      throw new Error(`unknown island ${name}`);
  }
}

const elements = [...document.querySelectorAll<HTMLElement>('centro-island[data-island]')];
let pending = elements.length;
/** Raised once every island's effects have run (the prerendered pages' loader replays presses). */
function Hydrated() {
  useEffect(() => {
    pending -= 1;
    if (pending === 0) window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}

// The auth state first, synchronously: the islands hydrate with its value as prerendered.
flushSync(() =>
  createRoot(document.createElement('div')).render(
    <AuthProvider settings={props.auth}>
      <PublishAuth />
    </AuthProvider>,
  ),
);
startTransition(() => {
  for (const element of elements) {
    hydrateRoot(
      element,
      <StrictMode>
        <SharedAuth>
          {island(element.dataset.island ?? '')}
          <Hydrated />
        </SharedAuth>
      </StrictMode>,
    );
  }
});
