import type { ReactNode } from 'react';
import { staffPath } from '@centro/content/site';
import { Link } from 'react-router';
import { useAuth, useIsSignedIn } from '~/auth/use-auth';
import { useCurrentPath } from '../use-current-path';

interface MainNavProps {
  firstCoursePath: string;
  /** The 'Acessar' / 'Sair' button. */
  authAction: ReactNode;
  /** Mark the current page (aria-current); off where the page cannot be known while prerendering. */
  markCurrentPage: boolean;
}

export function MainNav({ firstCoursePath, authAction, markCurrentPage }: MainNavProps) {
  const signedIn = useIsSignedIn();
  const { staffRoles } = useAuth();
  const currentPath = useCurrentPath();
  const path = markCurrentPage ? currentPath : null;
  const items = [
    { to: '/', label: 'Início' },
    { to: firstCoursePath, label: 'Global Kardec' },
    { to: '/contato', label: 'Contato' },
    ...(signedIn ? [{ to: '/perfil', label: 'Perfil' }] : []),
    // Staff only: the roles come from the API once signed in.
    ...(signedIn && staffRoles.length > 0 ? [{ to: staffPath, label: 'Equipe' }] : []),
  ];
  return (
    <nav className="main-nav" aria-label="Principal">
      <ul className="main-nav__list plain-list">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              className="main-nav__link"
              to={item.to}
              aria-current={path === item.to ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
        <li className="main-nav__action">{authAction}</li>
      </ul>
    </nav>
  );
}
