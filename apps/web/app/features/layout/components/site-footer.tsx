import { Link } from 'react-router';
import type { ShellData } from '~/lib/shell';
import '../layout.css';

interface SiteFooterProps {
  portalName: string;
  centreName: string;
  footerYear: number;
  contact: ShellData['contact'];
}

const USEFUL_LINKS = [
  { to: '/saiba-mais', label: 'Saiba mais' },
  { to: '/horarios', label: 'Horários' },
  { to: '/global-kardec', label: 'Global Kardec' },
  { to: '/escola-de-mediuns', label: 'Escola de Médiuns' },
  { to: '/como-se-inscrever', label: 'Como se inscrever' },
  { to: '/privacidade', label: 'Privacidade' },
] as const;

export function SiteFooter({ portalName, centreName, footerYear, contact }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner page">
        <div className="site-footer__contact">
          <h2 className="site-footer__title">{centreName}</h2>
          <p>{contact.addressLine}</p>
          <ul className="plain-list">
            <li>
              WhatsApp: <a href={contact.whatsappHref}>{contact.whatsappDisplay}</a>
            </li>
            <li>
              E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
          </ul>
        </div>
        <nav className="site-footer__links" aria-labelledby="rodape-links">
          <h2 id="rodape-links" className="site-footer__title">
            Links úteis
          </h2>
          <ul className="plain-list">
            {USEFUL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {portalName} {footerYear}
        </p>
      </div>
    </footer>
  );
}
