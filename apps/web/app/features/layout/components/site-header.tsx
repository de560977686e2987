import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MainNav } from './main-nav';
import '../layout.css';

interface SiteHeaderProps {
  portalName: string;
  /** The centre's icon (the shell data's `data:` address). */
  iconHref: string;
  firstCoursePath: string;
  authAction: ReactNode;
  markCurrentPage: boolean;
}

export function SiteHeader({
  portalName,
  iconHref,
  firstCoursePath,
  authAction,
  markCurrentPage,
}: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__inner page">
        <Link className="brand" to="/">
          <img src={iconHref} alt="" width="36" height="36" />
          <span>{portalName}</span>
        </Link>
        <MainNav
          firstCoursePath={firstCoursePath}
          authAction={authAction}
          markCurrentPage={markCurrentPage}
        />
      </div>
    </header>
  );
}
