import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MainNav } from './main-nav';
import '../layout.css';
import siteIconUrl from '~/assets/site-icon.svg?url';

interface SiteHeaderProps {
  portalName: string;
  firstCoursePath: string;
  authAction: ReactNode;
  markCurrentPage: boolean;
}

export function SiteHeader({
  portalName,
  firstCoursePath,
  authAction,
  markCurrentPage,
}: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__inner page">
        <Link className="brand" to="/">
          <img src={siteIconUrl} alt="" width="36" height="36" />
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
