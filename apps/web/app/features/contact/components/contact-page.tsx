import { CONTACT_TITLE } from '../copy';
import type { ContactPageData } from '../types';
import '../contact.css';

export function ContactPage({
  centreName,
  addressLines,
  whatsappHref,
  whatsappDisplay,
  email,
  map,
}: ContactPageData) {
  return (
    <div className="page contact">
      <h1>{CONTACT_TITLE}</h1>
      <p className="lead prose">
        Venha nos visitar ou fale com a gente pelo WhatsApp ou por e-mail.
      </p>
      <div className="contact__grid">
        <dl className="contact__list">
          <div>
            <dt>Endereço</dt>
            <dd>
              <address>
                {centreName}
                {addressLines.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div>
            <dt>WhatsApp</dt>
            <dd>
              <a href={whatsappHref}>{whatsappDisplay}</a>
            </dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
        </dl>
        <iframe
          className="contact__map"
          src={map.src}
          title={map.title}
          width="600"
          height="500"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      </div>
    </div>
  );
}
